import { describe, expect, it } from 'vitest';
import { ByteSink, LentBytes } from '../../../adapters/http-h3/byte-sink.js';

function answer(sink: ByteSink, write: (s: ByteSink) => void): LentBytes {
  sink.begin();
  write(sink);
  return sink.take();
}

describe('ByteSink', () => {
  it('writes text as UTF-8, ASCII a unit at a time and kept bytes as they are', () => {
    const sink = new ByteSink();
    const bytes = answer(sink, (s) => {
      s.ascii('{"n":');
      s.ascii(String(-12.5));
      s.text(',"t":"café § 😀"');
      s.bytes(Buffer.from(',"k":true}'));
    });
    expect(bytes.text()).toBe('{"n":-12.5,"t":"café § 😀","k":true}');
    expect(bytes.byteLength).toBe(Buffer.byteLength(bytes.text()));
  });

  it('reuses a block only once it is given back: an answer still lent is never written over', () => {
    const sink = new ByteSink();
    const first = answer(sink, (s) => s.text('first answer'));
    const second = answer(sink, (s) => s.text('second answer'));
    // Both lent at once: two blocks, and the first is intact.
    expect(second.buffer).not.toBe(first.buffer);
    expect(first.text()).toBe('first answer');
    first.giveBack();
    first.giveBack(); // only the first call counts: the block is not listed twice
    const third = answer(sink, (s) => s.text('third'));
    expect(third.buffer).toBe(first.buffer);
    const fourth = answer(sink, (s) => s.text('fourth'));
    expect(fourth.buffer).not.toBe(first.buffer);
    expect([second.text(), third.text(), fourth.text()]).toEqual(['second answer', 'third', 'fourth']);
  });

  it('grows a block for a large answer and lets go of one grown past the kept size', () => {
    const sink = new ByteSink();
    const piece = Buffer.alloc(1024, 0x61);
    const pieces = ByteSink.BLOCK_BYTES / 1024 + 5;
    const large = answer(sink, (s) => {
      for (let i = 0; i < pieces; i++) s.bytes(piece);
    });
    expect(large.byteLength).toBe(pieces * 1024);
    expect(large.text()).toBe('a'.repeat(large.byteLength));
    large.giveBack();
    expect(answer(sink, (s) => s.ascii('x')).buffer).toBe(large.buffer);

    const huge = answer(sink, (s) => s.text('b'.repeat(ByteSink.KEPT_BLOCK_BYTES + 1)));
    huge.giveBack();
    expect(answer(sink, (s) => s.ascii('y')).buffer).not.toBe(huge.buffer);
  });

  it('refuses to start an answer inside another, and starts again after one is abandoned', () => {
    const sink = new ByteSink();
    sink.begin();
    sink.text('half written');
    expect(() => sink.begin()).toThrow(/already being written/);
    sink.abandon();
    expect(answer(sink, (s) => s.text('whole')).text()).toBe('whole');
  });

  it('refuses to read bytes whose block was given back, and lets go of a grown block an abandoned answer leaves', () => {
    const sink = new ByteSink();
    const lent = answer(sink, (s) => s.text('gone'));
    lent.giveBack();
    expect(() => lent.text()).toThrow(/given back/);

    sink.begin();
    sink.text('c'.repeat(ByteSink.KEPT_BLOCK_BYTES + 1));
    sink.abandon();
    const next = answer(sink, (s) => s.ascii('small'));
    expect(next.buffer.byteLength).toBe(ByteSink.BLOCK_BYTES);
  });
});
