/**
 * The progress bar of long CLI runs (`balance`, `simulate`): done/total, games per second and the
 * time left, on stderr and only on a terminal (a pipe or a log gets no bar codes).
 */
import cliProgress from "cli-progress";

export interface Progress {
  /** `done` units finished so far (a count, not an increment). */
  update(done: number): void;
  stop(): void;
}

const NO_PROGRESS: Progress = { update() {}, stop() {} };

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
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} ${unit} · {rate} ${unit}/s · ETA {eta_text}`, stream, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, 0, { rate: "0.0", eta_text: "--" });
  return {
    update(done) {
      const { perSecond, etaSeconds } = rateAndEta(done, total, Date.now() - started);
      bar.update(done, { rate: perSecond.toFixed(1), eta_text: formatSeconds(etaSeconds) });
    },
    stop() {
      bar.stop();
    },
  };
}
