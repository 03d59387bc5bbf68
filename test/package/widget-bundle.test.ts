/**
 * `feedback-board/widget` stays small and alone: bundled for the browser (minified, gzipped) it is
 * at most 10 KB, and it holds no module but its own (no dependency, nothing of the core).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { browserBuild } from '../helpers/esbuild.js';

describe('the widget bundle', () => {
  it('is at most 10 KB gzipped and carries only the widget’s own modules', async () => {
    const result = await browserBuild("export * from './widget/index.ts';");
    const output = Object.values(result.metafile.outputs)[0]!;
    const inputs = Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path);
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.filter((path) => !path.startsWith('widget/'))).toEqual([]);
    const code = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(code).byteLength;
    console.log(`widget bundle (feedback-board/widget): ${(code.byteLength / 1024).toFixed(1)} KB minified, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    expect(gzipped).toBeLessThanOrEqual(10 * 1024);
  });
});
