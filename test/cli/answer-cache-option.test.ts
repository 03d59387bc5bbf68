/**
 * `serve --answer-cache on|off` (and FEEDBACK_BOARD_ANSWER_CACHE): the handler's answer cache
 * switched off or on, and a bad value refused before anything starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { limitOptions, LimitOptionError } from '../../cli/limit-options.js';
import { runCli, workDir } from '../helpers/cli.js';

const dirs: Array<ReturnType<typeof workDir>> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

describe('serve --answer-cache', () => {
  it('is on by default and with "on", off with "off"', () => {
    expect(limitOptions({}).answerCache).toBe(true);
    expect(limitOptions({ 'answer-cache': 'on' }).answerCache).toBe(true);
    expect(limitOptions({ 'answer-cache': 'off' }).answerCache).toBe(false);
  });

  it.each(['', 'no', 'OFF', 'false', '0'])('refuses --answer-cache "%s"', (value) => {
    expect(() => limitOptions({ 'answer-cache': value })).toThrow(LimitOptionError);
    expect(() => limitOptions({ 'answer-cache': value })).toThrow(`--answer-cache takes "on" or "off", not "${value}"`);
  });

  it('exits 2 with the usage for a bad value, before serving anything', async () => {
    const dir = workDir();
    dirs.push(dir);
    const result = await runCli(['serve', '--port', '0', '--memory', '--answer-cache', 'maybe'], dir.dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--answer-cache takes "on" or "off", not "maybe"');
    expect(result.stdout).toBe('');
  });
});
