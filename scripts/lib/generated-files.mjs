// Writing generated rule files, shared by the generators (SNAP State packages, Lifeline): the same YAML
// touch-ups, and a --check mode that writes nothing and lists the files whose text would change.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const q = (s) => JSON.stringify(s);

// Quote `source:` values that YAML would otherwise misread (": " or " #" inside the citation).
export const quoteSources = (text) =>
  text.replace(/^(\s+(?:- )?source): (?!['"])(.*(?:: | #).*)$/gm, (_, key, value) => `${key}: ${q(value)}`);

/** Companion test cases as YAML, one blank line between cases. */
export const yamlList = (cases) =>
  YAML.stringify(cases, { lineWidth: 110 }).replace(/\n- name:/g, '\n\n- name:');

/** Writes generated files under `root`; with `check`, writes nothing and collects in `stale` the files that would change. */
export class GeneratedFiles {

  constructor(root, check) {
    this.root = root;
    this.check = check;
    this.stale = [];
  }

  write(rel, text) {
    const p = path.join(this.root, rel);
    if (rel.endsWith('.yaml') && !rel.endsWith('.test.yaml')) {
      text = quoteSources(text).replace(/([^\n:])\n {2}- name: /g, '$1\n\n  - name: '); // one blank line between rules
    }
    // Keep ISO dates as strings for YAML 1.1 loaders (js-yaml would turn them into Date objects).
    if (rel.endsWith('.yaml')) text = text.replace(/: (\d{4}-\d{2}-\d{2})$/gm, ": '$1'");
    if (this.check) {
      if (!fs.existsSync(p) || fs.readFileSync(p, 'utf8') !== text) this.stale.push(rel);
      return;
    }
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
}
