import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A clone of this repository is all a contributor or a user gets: no folder beside it, no machine
 * of ours. So no tracked file may point outside it (a sibling folder, an absolute path of some
 * machine) or cite a document it does not contain.
 */
const ROOT = resolve(import.meta.dirname, '../..');

/** Tracked files, plus new ones not yet added (they will be). */
function repositoryFiles(): string[] {
  const output = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return output.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)));
}

// The recordings are data (a shell tool's output may well print /tmp/...), kept byte for byte;
// their README and INDEX are prose and are checked.
const isRecordingData = (file: string) =>
  file.startsWith('test/fixtures/openai-recorded/') && !/\/(README\.md|INDEX\.json)$/.test(file);

type Finding = { file: string; line: number; text: string; why: string };

const OUTSIDE_RULES: { why: string; pattern: RegExp }[] = [
  { why: 'a folder beside the repository', pattern: /\.\.\/shared\b/g },
  {
    why: 'an absolute path of a machine',
    pattern: /(?<![\w.~%/-])\/(?:work|home|root|tmp|Users)\/[\w.$-]/g,
  },
  { why: 'a file URL of a machine', pattern: /file:\/\/\/(?:work|home|root|tmp|Users)\//g },
];

/** `foo/BAR.md` mentioned anywhere (not inside a URL). */
const MARKDOWN_MENTION = /(?<![\w./-])((?:\.{1,2}\/|[\w-]+\/)*[\w-]+\.md)\b/g;
/** `[text](target)` in markdown. */
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const URL = /\b[a-z][\w+.-]*:\/\/[^\s)'"`>]+/gi;

function scan(files: string[]): Finding[] {
  const known = new Set(files);
  const exists = (path: string) =>
    !relative(ROOT, path).startsWith('..') &&
    (known.has(relative(ROOT, path)) ||
      [...known].some((f) => f.startsWith(`${relative(ROOT, path)}/`)));
  const findings: Finding[] = [];

  for (const file of files) {
    // This file spells out what it looks for.
    if (isRecordingData(file) || join(ROOT, file) === import.meta.filename) continue;
    const buffer = readFileSync(join(ROOT, file));
    if (buffer.includes(0)) continue; // binary
    const lines = buffer.toString('utf8').split('\n');
    lines.forEach((text, index) => {
      const found = (why: string) =>
        findings.push({ file, line: index + 1, text: text.trim(), why });
      for (const { why, pattern } of OUTSIDE_RULES) if (text.match(pattern)) found(why);

      const withoutUrls = text.replace(URL, '');
      for (const [, mention] of withoutUrls.matchAll(MARKDOWN_MENTION)) {
        const candidates = [resolve(ROOT, dirname(file), mention), resolve(ROOT, mention)];
        if (!candidates.some(exists))
          found(`cites ${mention}, which the repository does not contain`);
      }
      if (!file.endsWith('.md')) return;
      for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
        if (/^(?:[a-z][\w+.-]*:|#)/i.test(target)) continue;
        const path = target.replace(/[#?].*$/, '');
        if (!exists(resolve(ROOT, dirname(file), path))) {
          found(`links ${target}, which the repository does not contain`);
        }
      }
    });
  }
  return findings;
}

describe('the repository is self-contained', () => {
  it('no tracked file points outside it or cites a document it does not hold', () => {
    const report = scan(repositoryFiles()).map(
      (f) => `${f.file}:${f.line}: ${f.why}\n    ${f.text}`,
    );
    expect(report).toEqual([]);
  });

  it('the check finds each kind of reference it looks for', () => {
    // What the rules must catch, and what they must let through.
    const sample = (text: string) =>
      OUTSIDE_RULES.filter(({ pattern }) => text.match(pattern)).map(({ why }) => why);
    // Spelled in two pieces, so that this file does not itself name the folder.
    expect(sample(`readFileSync('..${'/'}shared/fixtures/x')`)).toEqual([
      'a folder beside the repository',
    ]);
    expect(sample(`const dir = "/w${''}ork/main/test";`)).toEqual([
      'an absolute path of a machine',
    ]);
    expect(sample('see /home/me/notes or /root/x or `/tmp/run-1`')).toEqual([
      'an absolute path of a machine',
    ]);
    expect(sample('open file:///home/me/a.txt')).toEqual(['a file URL of a machine']);
    expect(sample('https://example.com/home/page and os.tmpdir()')).toEqual([]);
    const mentions = (text: string) =>
      [...text.replace(URL, '').matchAll(MARKDOWN_MENTION)].map((m) => m[1]);
    expect(mentions('as DESIGN.md says; see docs/API.md and ./PROTOCOL.md')).toEqual([
      'DESIGN.md',
      'docs/API.md',
      './PROTOCOL.md',
    ]);
    expect(mentions('https://github.com/vercel/ai/blob/main/README.md')).toEqual([]);
  });
});
