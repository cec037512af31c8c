import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { linkOutOfProject, namedFolder } from "../../project-files/named-path.js";
import { isInsideRoots, realRoots } from "../../project-files/project-root.js";
import { toLineText } from "../../text/safe-text.js";
import { type CliIo, EXIT } from "../cli-io.js";
import { commandErrorLine } from "../command-error-line.js";

/** What one run of a watched command hands back: what to watch, and what it wrote itself. */
export interface WatchRound {
  /** Files and folders whose change calls for a rerun (folders with everything under them). */
  watch: readonly string[];
  /** Files the run wrote (cassettes it recorded): their next change is its own, and starts no rerun. */
  written?: readonly string[];
}

export interface WatchOptions {
  /** The command's name, for its error lines (`tooldeck run: …`). */
  command: string;
  io: CliIo;
  /** What its flags name (configs, spec, settings; scenario folders): watched from the start. */
  watch: readonly string[];
  /**
   * The project (the working directory's repository and each `--root`): with the folders of the paths
   * in `watch`, where a watched path may lead. A symlink out of them is not followed (docs/security.md).
   */
  roots: readonly string[];
  /**
   * One run: the first with `changed` undefined, then one per batch of changes with the changed files
   * (absolute paths). It prints its report; an error it throws is printed and the watch goes on.
   */
  run: (changed: readonly string[] | undefined) => Promise<WatchRound>;
  /** How long changes are gathered before a rerun: an editor's save is several events. Default 100 ms. */
  settleMs?: number;
}

/** A terminal's screen and scrollback cleared, as vitest's watch mode clears them before a rerun. */
const CLEAR_SCREEN = "\u001bc\u001b[3J";

/** What is never watched: dependencies and git's own files. */
const IGNORED = /(?:^|[/\\])(?:node_modules|\.git)(?:[/\\]|$)/;

/** How long after a run the files it wrote are taken to change by its own hand: their events arrive late. */
const OWN_WRITE_MS = 1000;

/**
 * `--watch`: runs the command, then again whenever a file it reads changes (`WatchRound.watch`), until
 * the io's signal (Ctrl+C) ends it with exit code 0. Before a rerun the screen is cleared when stdout is a
 * terminal; `rerun: tools/a.yaml changed` and `watching for changes (Ctrl+C to stop)` go to stderr.
 * Changes are gathered for `settleMs` first, and those that come during a run wait for its end. Files
 * are watched with chokidar (editors' atomic saves included).
 */
export async function watchAndRerun(options: WatchOptions): Promise<number> {
  const { io } = options;
  const settleMs = options.settleMs ?? 100;
  /** The files the last run wrote, and until when their changes are its own. */
  const ownWrites = new Map<string, number>();
  const pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const round = async (changed: readonly string[] | undefined) => {
    if (changed) {
      if (io.isTTY?.stdout) io.stdout(CLEAR_SCREEN);
      io.stderr(`${toLineText(`rerun: ${describeChanges(changed)} changed`)}\n`);
    }
    try {
      const next = await options.run(changed);
      const until = Date.now() + OWN_WRITE_MS;
      for (const file of next.written ?? []) ownWrites.set(resolve(file), until);
      watcher.add([...next.watch]);
    } catch (error) {
      if (io.signal.aborted) return;
      io.stderr(commandErrorLine(options.command, error));
    }
    if (!io.signal.aborted) io.stderr("\nwatching for changes (Ctrl+C to stop)\n");
  };

  const rerun = () => {
    timer = undefined;
    running = running.then(async () => {
      if (pending.size === 0 || io.signal.aborted) return;
      const changed = [...pending];
      pending.clear();
      await round(changed);
    });
  };

  const outside = outsideRoots(options.watch, options.roots);
  const startWatcher = (paths: readonly string[]) => {
    const started = watch([...paths], {
      ignoreInitial: true,
      ignored: (path) => IGNORED.test(path) || outside(path),
    });
    started.on("all", (_event, path) => {
      const file = resolve(path);
      // A cassette the run just recorded: its own write, not the user's change.
      if ((ownWrites.get(file) ?? 0) >= Date.now()) return;
      pending.add(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(rerun, settleMs);
    });
    // A watch that fails (a folder removed, too many files for inotify) is said once; the others go on.
    started.on("error", (error) => io.stderr(commandErrorLine(options.command, error)));
    return started;
  };

  const watcher: FSWatcher = startWatcher(options.watch);
  // Watching before the first run: a change made while it runs is seen.
  await new Promise<void>((ready) => watcher.once("ready", ready));
  await round(undefined);
  await new Promise<void>((done) => {
    if (io.signal.aborted) return done();
    io.signal.addEventListener("abort", () => done(), { once: true });
  });
  if (timer) clearTimeout(timer);
  await watcher.close();
  return EXIT.ok;
}

/**
 * Whether a path leads out of the roots and the named paths' folders once its symlinks are followed:
 * a link to `/` in a watched folder would otherwise have chokidar crawl the disk, reading folders the
 * loader refuses. A named path that itself leaves the project through a symlink adds no root.
 */
function outsideRoots(named: readonly string[], roots: readonly string[]): (path: string) => boolean {
  const allowed = realRoots([
    ...roots,
    ...named.filter((path) => linkOutOfProject(path, roots) === undefined).map((path) => namedFolder(path)),
  ]);
  return (path) => {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      // Not there (yet), or a dangling link: nothing to read through it.
      return false;
    }
    return !isInsideRoots(real, allowed);
  };
}

/**
 * `tools/a.yaml`, `tools/a.yaml and scenarios/b.yaml`, `tools/a.yaml and 4 more`: relative to the
 * working directory, or absolute outside it.
 */
function describeChanges(changed: readonly string[]): string {
  const names = changed.map((file) => {
    const near = relative(process.cwd(), file);
    return near === "" || near.startsWith("..") || isAbsolute(near) ? file : near;
  });
  if (names.length <= 2) return names.join(" and ");
  return `${names[0]} and ${names.length - 1} more`;
}
