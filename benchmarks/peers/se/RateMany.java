// RateMany: batch rater on top of the SukakuExplainer (Sudoku Explainer 1.18.x) classes.
// Original harness code for benchmarking/oracle use; it only *calls* SE's public API
// (Grid, Solver, Settings, SolvingTechnique) and contains none of SE's code.
//
// Usage:
//   java -cp OUT/classes:OUT/harness RateMany [options] FILE [FILE...]
// Options:
//   --limit=SEC         per-puzzle wall-time limit (default 0 = none). On timeout the
//                       rating thread is stopped and the line is marked TIMEOUT.
//   --warmup=N          number of warm-up puzzles rated untimed before the timed pass
//                       (default 20). Warm-up lines are NOT printed unless --show-warmup.
//   --warmup-file=F     take warm-up puzzles from F (default: the first input file)
//   --warmup-limit=SEC  time limit for each warm-up puzzle (default 10)
//   --show-warmup       also print warm-up results, prefixed with "#WARMUP\t"
//   --techs=0101...     same bit string as serate --techs (enum order); default = serate default
//   --se121             use SE's "Bring back SE 1.2.1" technique set instead of the 1.18 default
//   --max=N             rate at most N puzzles (after warm-up)
// Input: one puzzle per line, 81 chars ('.' or '0' for empty; anything non 1-9 counts as
// empty as in SE); lines starting with '#' and shorter lines are skipped. Only the first
// 81 characters of a line are used.
// Output (stdout), tab separated, one line per puzzle:
//   puzzle81  ER  EP  ED  hardest-technique(ER)  ms
// For a timeout: puzzle81 NA NA NA TIMEOUT(ER>=x.y EP=.. ED=..) ms
// Summary lines go to stderr.

import diuf.sudoku.Grid;
import diuf.sudoku.Settings;
import diuf.sudoku.SolvingTechnique;
import diuf.sudoku.solver.Solver;

import java.io.*;
import java.util.*;

public class RateMany {

    /** Result of rating one puzzle. */
    static final class Rating {
        volatile double er, ep, ed;
        volatile String erName = "", epName = "", edName = "";
        volatile boolean done;
        volatile Throwable error;
        volatile Solver solver; // for reading partial progress on timeout
        volatile boolean timedOut;
        long nanos;
    }

    /** One decimal, truncating (r + 0.05) to tenths, which is how serate prints ratings. */
    static String fmt(double r) {
        long tenths = (long) ((r + 0.05) * 10);
        return (tenths / 10) + "." + (tenths % 10);
    }

    static String canon(String line) {
        StringBuilder sb = new StringBuilder(81);
        for (int i = 0; i < 81; i++) {
            char c = line.charAt(i);
            sb.append(c >= '1' && c <= '9' ? c : '.');
        }
        return sb.toString();
    }

    static List<String> readPuzzles(String file) throws IOException {
        List<String> out = new ArrayList<>();
        try (BufferedReader br = new BufferedReader(new FileReader(file))) {
            String s;
            while ((s = br.readLine()) != null) {
                s = s.trim();
                if (s.isEmpty() || s.startsWith("#") || s.length() < 81) continue;
                out.add(canon(s));
            }
        }
        return out;
    }

    /** The rating itself, following the same sequence of SE calls as the serate CLI. */
    static void rateInto(String puzzle, Rating r) {
        Grid grid = new Grid();
        grid.fromString(puzzle);
        grid.adjustPencilmarks();
        Solver solver = new Solver(grid);
        r.solver = solver;
        solver.want = 0;
        solver.rebuildPotentialValues();
        solver.getDifficulty();
        r.er = solver.difficulty;
        r.ep = solver.pearl;
        r.ed = solver.diamond;
        r.erName = solver.ERtN;
        r.epName = solver.EPtN;
        r.edName = solver.EDtN;
        r.done = true;
    }

    /** Rate with an optional wall-time limit (ms, 0 = none); r.timedOut tells a timeout. */
    @SuppressWarnings({"deprecation", "removal"})
    static Rating rate(String puzzle, long limitMs) {
        final Rating r = new Rating();
        if (limitMs <= 0) {
            long t0 = System.nanoTime();
            try {
                rateInto(puzzle, r);
            } catch (Throwable t) {
                r.error = t;
            }
            r.nanos = System.nanoTime() - t0;
            return r;
        }
        Thread worker = new Thread(() -> {
            try {
                rateInto(puzzle, r);
            } catch (ThreadDeath td) {
                // stopped on timeout
            } catch (Throwable t) {
                r.error = t;
            }
        }, "rate");
        worker.setDaemon(true);
        long t0 = System.nanoTime();
        worker.start();
        try {
            worker.join(limitMs);
        } catch (InterruptedException ignored) {
        }
        r.nanos = System.nanoTime() - t0;
        if (worker.isAlive()) {
            // SE has no cancellation hook; JDK 17 still honours Thread.stop(). The solver
            // objects are per puzzle and SE's static tables are read-only, so the next
            // puzzle starts from a clean state.
            worker.stop();
            try { worker.join(5000); } catch (InterruptedException ignored) { }
            r.timedOut = true;
        }
        return r;
    }

    static String partial(Solver s) {
        if (s == null) return "";
        return "ER>=" + fmt(s.difficulty) + " EP=" + (s.pearl > 0 ? fmt(s.pearl) : "?")
                + " ED=" + (s.diamond > 0 ? fmt(s.diamond) : "?");
    }

    static void setTechs(String bits) {
        EnumSet<SolvingTechnique> all = EnumSet.allOf(SolvingTechnique.class);
        if (bits.length() != all.size())
            throw new IllegalArgumentException("--techs needs " + all.size() + " 0/1 chars");
        EnumSet<SolvingTechnique> use = EnumSet.noneOf(SolvingTechnique.class);
        int i = 0;
        for (SolvingTechnique t : all) {
            char c = bits.charAt(i++);
            if (c == '1') use.add(t);
            else if (c != '0') throw new IllegalArgumentException("bad --techs char " + c);
        }
        Settings.getInstance().setTechniques(use);
    }

    static String techBits() {
        EnumSet<SolvingTechnique> cur = Settings.getInstance().getTechniques();
        StringBuilder sb = new StringBuilder();
        for (SolvingTechnique t : SolvingTechnique.values()) sb.append(cur.contains(t) ? '1' : '0');
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        long limitMs = 0;
        int warmup = 20;
        String warmupFile = null;
        long warmupLimitMs = 10000;
        boolean showWarmup = false;
        String techs = null;
        boolean se121 = false;
        int max = Integer.MAX_VALUE;
        List<String> files = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--limit=")) limitMs = (long) (Double.parseDouble(a.substring(8)) * 1000);
            else if (a.startsWith("--warmup=")) warmup = Integer.parseInt(a.substring(9));
            else if (a.startsWith("--warmup-file=")) warmupFile = a.substring(14);
            else if (a.startsWith("--warmup-limit=")) warmupLimitMs = (long) (Double.parseDouble(a.substring(15)) * 1000);
            else if (a.equals("--show-warmup")) showWarmup = true;
            else if (a.startsWith("--techs=")) techs = a.substring(8);
            else if (a.equals("--se121")) se121 = true;
            else if (a.startsWith("--max=")) max = Integer.parseInt(a.substring(6));
            else if (a.startsWith("--")) { System.err.println("unknown option " + a); System.exit(2); }
            else files.add(a);
        }
        if (files.isEmpty()) {
            System.err.println("usage: RateMany [--limit=SEC] [--warmup=N] [--warmup-file=F] [--warmup-limit=SEC]"
                    + " [--show-warmup] [--techs=BITS] [--se121] [--max=N] FILE...");
            System.exit(2);
        }
        // Same technique selection as serate without --techs (Settings_Variants -> init()).
        Settings st = Settings.getInstance();
        st.setNumThreads(1); // serate's default
        if (se121) st.setBringBackSE121(true);
        st.Settings_Variants();
        if (techs != null) setTechs(techs);
        System.err.println("# SE " + Settings.VERSION + "." + Settings.REVISION + Settings.SUBREV
                + " techs=" + techBits() + (se121 ? " (se121)" : ""));

        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");

        // Warm-up (untimed for statistics; not printed unless asked).
        List<String> wu = readPuzzles(warmupFile != null ? warmupFile : files.get(0));
        int nw = Math.min(warmup, wu.size());
        long w0 = System.nanoTime();
        for (int i = 0; i < nw; i++) {
            Rating r = rate(wu.get(i), warmupLimitMs);
            if (showWarmup) {
                out.println("#WARMUP\t" + line(wu.get(i), r));
            }
        }
        System.err.printf("# warm-up: %d puzzles in %.1f s%n", nw, (System.nanoTime() - w0) / 1e9);

        int n = 0, timeouts = 0, errors = 0;
        long total = 0;
        outer:
        for (String f : files) {
            for (String p : readPuzzles(f)) {
                if (n >= max) break outer;
                Rating r = rate(p, limitMs);
                out.println(line(p, r));
                n++;
                if (r.timedOut) timeouts++;
                else {
                    if (r.error != null) errors++;
                    total += r.nanos;
                }
            }
        }
        System.err.printf("# rated %d puzzles, %d timeouts, %d errors, %.1f s rating time%n",
                n, timeouts, errors, total / 1e9);
        out.flush();
        System.exit(0); // a stopped daemon thread must not keep the JVM alive
    }

    static String line(String p, Rating r) {
        String ms = String.format(Locale.ROOT, "%.1f", r.nanos / 1e6);
        if (r.timedOut) {
            return p + "\tNA\tNA\tNA\tTIMEOUT(" + partial(r.solver) + ")\t" + ms;
        }
        if (r.error != null) {
            return p + "\tNA\tNA\tNA\tERROR(" + r.error.getClass().getSimpleName() + ")\t" + ms;
        }
        return p + "\t" + fmt(r.er) + "\t" + fmt(r.ep) + "\t" + fmt(r.ed) + "\t" + r.erName + "\t" + ms;
    }
}
