/** A program spec's description for the catalog: its leading comment (specs are parsed by the engine's one parser). */

/**
 * The leading `#` comment block of a spec file (its first two paragraphs, at most 600 characters): the corpus
 * titles and describes each program there.
 */
export function leadingComment(text: string): string | undefined {
  const paragraphs: string[][] = [[]];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('#')) break;
    const body = trimmed.replace(/^#+\s?/, '').trim();
    if (body === '') {
      if (paragraphs[paragraphs.length - 1].length > 0) paragraphs.push([]);
      continue;
    }
    paragraphs[paragraphs.length - 1].push(body);
  }
  const kept = paragraphs
    .filter((p) => p.length > 0)
    .slice(0, 2)
    .map((p) => p.join(' ').replace(/\s+/g, ' ').trim().replace(/[.:;,]?$/, '.'));
  const text2 = kept.join(' ');
  if (text2 === '') return undefined;
  return text2.length > 600 ? `${text2.slice(0, 597).trimEnd()}...` : text2;
}
