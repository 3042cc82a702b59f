import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export async function resolve(specifier, context, nextResolve) {
  if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:')) && context.parentURL) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (candidate.protocol === 'file:' && existsSync(fileURLToPath(candidate)) && !existsSync(fileURLToPath(new URL(specifier, context.parentURL)))) {
      return { url: candidate.href, shortCircuit: true, format: 'module' };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(fileURLToPath(url), 'utf8');
  const output = ts.transpileModule(source, {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false, inlineSourceMap: true },
  });
  return { format: 'module', source: output.outputText, shortCircuit: true };
}
