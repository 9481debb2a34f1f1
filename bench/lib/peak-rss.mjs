// Loaded with `node --import` into a child process of bench/frontend.ts: at exit, prints the
// process's peak resident memory (kB) on stderr, for the peak-memory figure.
process.on("exit", () => {
  process.stderr.write(`\nCARDWRIGHT_PEAK_RSS_KB ${process.resourceUsage().maxRSS}\n`);
});
