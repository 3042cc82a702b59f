/**
 * The statements writing a session's relation offsets for a household of `np` people (input/household-rows.ts):
 * shared by the session's linker (`makeRelationLinker`, the general path) and the whole-household program
 * (evaluate/emit/household-program.ts), which holds them inline. Each data relation the request gives (its entry
 * in `givenMask` is 1) has every person as a member of the household (entity 0: members 1..np) and each person
 * none; a relation not given stays empty; a reversed relation lists the household for each person when its source
 * is given. Only offsets 1..np+1 are written: no relation reaches the rows past this household's people.
 *
 * The generated text names what it holds: `relations` (the CSR pairs), `givenMask`, `np`, and `offsets<r>` (the
 * offsets of layout relation r). Relations are known when the session is made, so each one's loop is its own.
 */
import type { ProgramLayout } from '../../kernel/kernel.js';

/** The relations a session links: the data relations (layout indexes 0..dataRelations−1), then the reversed ones. */
export interface RelationFacts {
  readonly dataRelations: number;
  readonly reversed: ProgramLayout['reversed'];
}

/** The link statements: declarations (over `relations`) and the body (over `givenMask` and `np`). */
export interface LinkStatements {
  readonly prelude: readonly string[];
  readonly body: readonly string[];
}

const offsets = (relation: number): string => `offsets${relation}`;

export function relationLinkStatements(facts: RelationFacts): LinkStatements {
  const prelude: string[] = [];
  const body: string[] = [];
  for (let r = 0; r < facts.dataRelations; r++) {
    prelude.push(`const ${offsets(r)} = relations[${2 * r}];`);
    body.push(`{ const count = givenMask[${r}] === 1 ? np : 0; for (let e = 1; e <= np + 1; e++) ${offsets(r)}[e] = count; }`);
  }
  for (const { index, source } of facts.reversed) {
    prelude.push(`const ${offsets(index)} = relations[${2 * index}];`);
    body.push(`{ const linked = givenMask[${source}] === 1; ${offsets(index)}[1] = 0; for (let e = 1; e <= np; e++) ${offsets(index)}[e + 1] = linked ? e : 0; }`);
  }
  return { prelude, body };
}

/** The linker of the general path: `linkPeople(np)` over the session's relations and mask. */
export function makeRelationLinker(facts: RelationFacts, relations: readonly Int32Array[], givenMask: Uint8Array): (np: number) => void {
  const code = relationLinkStatements(facts);
  const source = ['"use strict";', ...code.prelude, `return function linkPeople(np) {\n${code.body.join('\n')}\n};`].join('\n');
  const factory = new Function('relations', 'givenMask', source) as (relations: readonly Int32Array[], givenMask: Uint8Array) => (np: number) => void;
  return factory(relations, givenMask);
}
