/**
 * valibot schemas that parse one environment variable's text (already known not to be blank) into its value.
 * Messages say what is wrong and what is accepted; the variable's name is put in front by loadConfig.
 */
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';

/** A schema from a variable's text to its value. */
export type TextSchema<T> = v.GenericSchema<string, T>;

/**
 * Whole numbers from min to max. Two wordings exist because users' scripts and tests match them: the platform
 * variables say "between min and max" and show an out-of-range value bare; the subsystem tunables say "from min
 * to max" and quote what was set.
 */
export function integer(min: number, max: number, wording: 'between' | 'from'): TextSchema<number> {
  const quoted = (input: unknown) => `(got ${JSON.stringify(String(input))})`;
  const notInteger = (issue: { input: unknown }) => `${rangeText(min, max, wording)} ${quoted(issue.input)}`;
  const outOfRange = (issue: { input: unknown }) => `${rangeText(min, max, wording)} ${wording === 'between' ? `(got ${String(issue.input)})` : quoted(issue.input)}`;
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, notInteger),
    v.transform(Number),
    v.minValue(min, outOfRange),
    v.maxValue(max, outOfRange),
  );
}

function rangeText(min: number, max: number, wording: 'between' | 'from'): string {
  return wording === 'between' ? `must be an integer between ${min} and ${max}` : `must be an integer from ${min} to ${max}`;
}

/** The text trimmed; `check` names what a usable value looks like. */
export function text(check?: { test: (value: string) => boolean; message: (value: string) => string }): TextSchema<string> {
  if (!check) return v.pipe(v.string(), v.trim());
  return v.pipe(
    v.string(),
    v.trim(),
    v.check(check.test, (issue) => check.message(String(issue.input))),
  );
}

/** Comma-separated entries, blanks dropped; every entry `accepts` refuses is named in its own problem. */
export function commaList(accepts: (entry: string) => boolean, refusal: (entry: string) => string): TextSchema<string[]> {
  return v.pipe(
    v.string(),
    v.transform((raw) => raw.split(',').map((e) => e.trim()).filter((e) => e !== '')),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const entry of dataset.value) if (!accepts(entry)) addIssue({ message: refusal(entry) });
    }),
  );
}

/** Colon-separated paths, blanks dropped, relative ones taken against the working directory (as a shell user expects). */
export function pathList(cwd: () => string, options: { mustExist?: (path: string) => boolean } = {}): TextSchema<string[]> {
  return v.pipe(
    v.string(),
    v.transform((raw) => raw.split(':').map((p) => p.trim()).filter((p) => p !== '').map((p) => (isAbsolute(p) ? p : resolve(cwd(), p)))),
    v.minLength(1, 'must name at least one directory'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || !options.mustExist) return;
      for (const path of dataset.value) if (!options.mustExist(path)) addIssue({ message: `${path} does not exist` });
    }),
  );
}

/** JSON text; a parse failure says what was expected (`shape`) and what the parser found. */
export function json(shape: string): TextSchema<unknown> {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return JSON.parse(dataset.value) as unknown;
      } catch (error) {
        addIssue({ message: `must be ${shape} (${error instanceof Error ? error.message : 'parse error'})` });
        return NEVER;
      }
    }),
  );
}

/** A path to a file that exists now (taken as given: a relative path is read from the working directory). */
export function existingFile(): TextSchema<string> {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true, (issue) => `${String(issue.input)} does not exist or is not a file`),
  );
}
