import { describe, expect, it } from 'vitest';
import { FfmpegError, ffmpegPath, runFfmpeg } from './ffmpeg.js';

/** An endless synthetic source decoded to nowhere: ffmpeg runs until something stops it. */
const endless = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'null', '-'];

describe('ffmpeg', () => {
  it('resolves the static binary of @ffmpeg-installer', () => {
    expect(ffmpegPath()).toMatch(/@ffmpeg-installer[/\\][^/\\]+[/\\]ffmpeg(\.exe)?$/);
  });

  it('answers stdout as bytes', async () => {
    const args = [
      '-f',
      'lavfi',
      '-i',
      'color=c=red:size=8x8:duration=0.1',
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
    ];
    const { stdout } = await runFfmpeg([...args, 'pipe:1']);
    expect(stdout.length).toBe(8 * 8 * 3);
    // lavfi's colour source passes through YUV, so pure red comes back only nearly pure
    const [red, green, blue] = stdout;
    expect(red).toBeGreaterThan(240);
    expect(green! + blue!).toBeLessThan(15);
  });

  it('fails with its stderr when ffmpeg exits non-zero', async () => {
    await expect(runFfmpeg(['-i', '/nonexistent/input.webm', '-f', 'null', '-'])).rejects.toThrow(
      /ffmpeg exited with code 1: .*No such file or directory/,
    );
  });

  it('kills ffmpeg and rejects with the reason when the signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop now')), 200);
    const started = performance.now();
    await expect(runFfmpeg(endless, { signal: controller.signal })).rejects.toThrow('stop now');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('kills ffmpeg after the timeout', async () => {
    const run = runFfmpeg(endless, { timeoutMs: 200 });
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toThrow('ffmpeg timed out after 200 ms');
  });
});
