// RuleSpec text the generators write alike: a State (or jurisdiction) rule bound to a federal hook.

/**
 * A `sets` source relation (RuleSpec section 7): `value` (a rule id) supplies the hook `target` under the State's
 * delegated authority. Starts with a newline, as one rule of a module's `rules:` list.
 */
export function setsRelation(name, source, target, value) {
  return `
  - name: ${name}
    kind: source_relation
    source: ${source}
    source_relation:
      type: sets
      target: ${target}
      value: ${value}
      authority: state
      basis:
        delegation: ${target}`;
}
