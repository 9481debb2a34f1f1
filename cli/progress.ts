/**
 * The progress bar of long CLI runs (`balance`, `simulate`): done/total, games per second and the
 * time left, on stderr and only on a terminal (a pipe or a log gets no bar codes). Lines logged
 * while it runs (a queue's workers taking batches) go above the bar on a terminal, else to stdout.
 */
import cliProgress from "cli-progress";

export interface Progress {
  /** `done` units finished so far (a count, not an increment). */
  update(done: number): void;
  /** A line of news, shown above the bar (or on stdout when there is no bar). */
  log(line: string): void;
  stop(): void;
}

const NO_PROGRESS: Progress = { update() {}, log: (line) => void process.stdout.write(line + "\n"), stop() {} };

/** Units per second and seconds left, from the start time and what is done. */
export function rateAndEta(done: number, total: number, elapsedMs: number): { perSecond: number; etaSeconds: number | null } {
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  return { perSecond, etaSeconds: perSecond > 0 ? Math.max(0, (total - done) / perSecond) : null };
}

export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "--";
  const s = Math.round(seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

export function createProgress(total: number, label: string, unit = "games", stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total <= 1) return NO_PROGRESS;
  const bars = new cliProgress.MultiBar(
    { format: `${label} [{bar}] {value}/{total} ${unit} · {rate} ${unit}/s · ETA {eta_text}`, stream, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  const bar = bars.create(total, 0, { rate: "0.0", eta_text: "--" });
  return {
    update(done) {
      const { perSecond, etaSeconds } = rateAndEta(done, total, Date.now() - started);
      bar.update(done, { rate: perSecond.toFixed(1), eta_text: formatSeconds(etaSeconds) });
    },
    log(line) {
      bars.log(line + "\n");
    },
    stop() {
      bars.stop();
    },
  };
}
