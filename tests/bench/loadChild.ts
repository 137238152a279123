/**
 * Load generators run in a child process, so generating load does not take the server's event loop:
 * a bench forks its own module with the job in BENCH_LOAD_JOB, and the child answers one summary.
 */
import { fork } from 'node:child_process';

/** In the child: the job it was forked with; undefined in the bench itself. */
export function childJob<J>(): J | undefined {
  const text = process.env['BENCH_LOAD_JOB'];
  return text === undefined ? undefined : (JSON.parse(text) as J);
}

/** In the child: hands the summary to the bench and exits. */
export function answerBench(summary: unknown): void {
  process.send?.({ benchSummary: JSON.parse(JSON.stringify(summary)) as unknown });
  process.exit(0);
}

/** In the bench: forks `moduleUrl` with the job and resolves with the summary its child answers. */
export function runInChild<T>(moduleUrl: string | URL, job: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = fork(new URL(moduleUrl), [], { env: { ...process.env, BENCH_LOAD_JOB: JSON.stringify(job) } });
    child.on('message', (message: { benchSummary?: T }) => {
      if (message.benchSummary !== undefined) resolve(message.benchSummary);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}
