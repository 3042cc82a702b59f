/**
 * One program's result in a screen (docs/screening.md), from its part of the one evaluation: status, amount,
 * recipients, the deciding rule, the links it used, its assumptions and warnings.
 */
import type { Assumption } from '../../domain/household/assumptions.js';
import type { JsonValue } from '../../domain/household/shape.js';
import type { MemberExecution, ScreenMember, ScreenProgramResult, ScreenRule, ScreenStatus } from '../../ports/screener.js';

/** The unit's value of each rule the evaluation recorded (ScreenExecution.unit), by rule name. */
export type UnitValues = ReadonlyMap<string, JsonValue>;

function ruleOf(member: ScreenMember, name: string, value: JsonValue | undefined): ScreenRule | null {
  const rule = member.rule(name);
  if (!rule) return null;
  return { rule_id: rule.rule_id, variable: name, ...(value !== undefined ? { value } : {}), sources: rule.sources as string[] };
}

/** A value that says yes: a Judgment that holds, an amount or count above 0, or one of the values that mean eligible. */
function says(value: JsonValue | undefined, values: readonly string[] = []): boolean {
  return value === true || (typeof value === 'number' && value > 0) || (typeof value === 'string' && values.includes(value));
}

/** Eligible when any of the `eligible` outputs says so. */
export function statusOf(member: ScreenMember, execution: MemberExecution): ScreenStatus | undefined {
  if ('problem' in execution) return undefined;
  return member.terms.eligible.some((name) => says(execution.outputs[name])) ? 'eligible' : 'ineligible';
}

export function amountOf(member: ScreenMember, execution: MemberExecution): number | null {
  if ('problem' in execution || member.terms.amount === undefined) return null;
  const value = execution.outputs[member.terms.amount];
  return typeof value === 'number' ? value : null;
}

/** The first test that did not hold (a test the evaluation never reached decided nothing), else the eligibility rule. */
function decidingRule(member: ScreenMember, status: ScreenStatus, values: UnitValues): ScreenRule | null {
  const { eligible, tests } = member.terms;
  if (status === 'ineligible') {
    const failed = tests.find((test) => values.get(test) === false);
    if (failed) return ruleOf(member, failed, false);
  }
  const deciding = eligible.find((name) => says(values.get(name))) ?? eligible[0];
  return ruleOf(member, deciding, values.get(deciding) ?? status === 'eligible');
}

function recipientOf(member: ScreenMember, execution: MemberExecution): ScreenProgramResult['recipient'] {
  const { recipient, person_eligible: personEligible, person_eligible_values: meaning } = member.terms;
  if (recipient !== 'person' || personEligible.length === 0 || 'problem' in execution) return { type: recipient };
  const people = Object.entries(execution.person_outputs ?? {})
    .filter(([, values]) => personEligible.some((name) => says(values[name], meaning)))
    .map(([id]) => id);
  return { type: recipient, people };
}

export function programResult(member: ScreenMember, execution: MemberExecution, assumptions: Assumption[], values: UnitValues): ScreenProgramResult {
  const pkg = member.package;
  const terms = member.terms;
  const base = {
    program_id: pkg.program_id,
    amount_period: terms.amount_period,
    kind: terms.kind,
    package: { program_id: pkg.program_id, jurisdiction: pkg.jurisdiction, digest: pkg.digest },
  };
  if ('problem' in execution) {
    return {
      ...base,
      status: 'undetermined',
      amount: null,
      recipient: { type: terms.recipient },
      decided_by: null,
      links: [],
      outputs: {},
      assumptions,
      warnings: [],
      error: { code: execution.problem.code, message: execution.problem.message },
    };
  }
  const status = statusOf(member, execution) as ScreenStatus;
  const outputs: Record<string, JsonValue> = {};
  for (const name of pkg.default_outputs) if (Object.hasOwn(execution.outputs, name)) outputs[name] = execution.outputs[name];
  // Built field by field, in the answer's order (a spread of optional parts copies the object on V8's slow path).
  const result: ScreenProgramResult = {
    program_id: base.program_id,
    amount_period: base.amount_period,
    kind: base.kind,
    package: base.package,
    status,
    amount: amountOf(member, execution),
    recipient: recipientOf(member, execution),
    decided_by: decidingRule(member, status, values),
  } as ScreenProgramResult;
  if (terms.amount) result.amount_rule = ruleOf(member, terms.amount, execution.outputs[terms.amount]) ?? undefined;
  result.links = terms.links.map((link) => ({ program: link.program, used: values.get(link.used) === true, rule: ruleOf(member, link.used, values.get(link.used)) }));
  result.outputs = outputs;
  if (execution.person_outputs) result.person_outputs = execution.person_outputs;
  result.assumptions = assumptions;
  result.warnings = execution.warnings;
  return result;
}
