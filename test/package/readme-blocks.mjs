// The code blocks of a README that are meant to run: every ```ts / ```js block, unless the line
// before it (blank lines aside) is `<!-- not run: <why> -->`. Shell blocks and blocks without a
// language are commands and diagrams, never run here.

const RUNNABLE = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs']);
const NOT_RUN = /^<!--\s*not run:\s*\S.*-->$/;

/** `[{ line, lang, code }]` for each runnable block, in order; `skipped` counts the marked ones. */
export function runnableBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^```(\w*)\s*$/);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (end < 0) throw new Error(`unclosed code block at line ${i + 1}`);
    const lang = open[1];
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marked = before >= 0 && NOT_RUN.test(lines[before].trim());
    if (RUNNABLE.has(lang)) {
      if (marked) skipped++;
      else blocks.push({ line: i + 1, lang, code: lines.slice(i + 1, end).join('\n') });
    }
    i = end;
  }
  return { blocks, skipped };
}
