import { describe, expect, it } from 'vitest';
import { leadingComment } from '../../../../core/domain/catalog/spec-comment.js';

describe('leadingComment', () => {
  it('joins the first two comment paragraphs', () => {
    expect(leadingComment('# Title -- FY 2026\n#\n# First line\n# second line\n#\n# Third paragraph\nprogram: x\n')).toBe(
      'Title -- FY 2026. First line second line.',
    );
  });

  it('is undefined without a leading comment and caps long text', () => {
    expect(leadingComment('program: x\n# late comment')).toBeUndefined();
    expect(leadingComment(`# ${'word '.repeat(300)}`)!.length).toBeLessThanOrEqual(600);
  });
});
