package org.fabriclab.cli.fuzz;

import java.util.List;

/**
 * The commands the fuzz suite mutates: for each, a valid, cheap base invocation (never run
 * itself) and its options with the kind of value they take and values that must be refused.
 * {@code @W} in a value stands for the case's work folder.
 */
final class FuzzCommands {
  private FuzzCommands() {}

  enum Kind { INT, DOUBLE, INT_LIST, TEXT, FLAG }

  /** An option, the kind of value it takes, a valid value and values out of its range. */
  record Opt(String name, Kind kind, String valid, List<String> outOfRange) {
    static Opt i(String name, String valid, String... bad) {
      return new Opt(name, Kind.INT, valid, List.of(bad));
    }

    static Opt d(String name, String valid, String... bad) {
      return new Opt(name, Kind.DOUBLE, valid, List.of(bad));
    }

    static Opt list(String name, String valid, String... bad) {
      return new Opt(name, Kind.INT_LIST, valid, List.of(bad));
    }

    static Opt text(String name, String valid, String... bad) {
      return new Opt(name, Kind.TEXT, valid, List.of(bad));
    }

    static Opt flag(String name) {
      return new Opt(name, Kind.FLAG, null, List.of());
    }
  }

  /** A command: its words, the options of a valid base invocation, and a file option if any. */
  record Command(String words, List<Opt> opts, String fileOption, FuzzFiles.Format format) {
    List<String> wordList() {
      return List.of(words.split(" "));
    }
  }

  static final List<Command> ALL = List.of(
      new Command("topo fattree", List.of(Opt.i("--k", "4", "3", "0", "-2", "258"),
          Opt.i("--seed", "1", "-1"), Opt.d("--link-gbps", "10", "0", "-1"),
          Opt.i("--threads", "1", "0", "1025"), Opt.i("--max-sources", "10", "0"),
          Opt.text("--format", "json", "xml"), Opt.flag("--json")), null, null),
      new Command("topo bcube", List.of(Opt.i("--n", "2", "1", "0"), Opt.i("--k", "1", "-1"),
          Opt.text("--export", "json", "xml", "graphml2"),
          Opt.text("--out", "@W/out/t.json", "@W/out/", "@W/afile/x.json", "@W/in.dir")), null, null),
      new Command("topo torus", List.of(Opt.list("--dims", "4,4", "0,4", "4,-1", "4,,4")), null, null),
      new Command("topo import", List.of(Opt.i("--seed", "1", "-1"), Opt.flag("--json")), "",
          FuzzFiles.Format.GRAPHML),
      new Command("topo import", List.of(Opt.flag("--json")), "", FuzzFiles.Format.JSON),
      new Command("demo topo", List.of(Opt.text("--out", "@W/out", "@W/in.dir", "@W/afile/x", "/"),
          Opt.i("--seed", "1", "-1"), Opt.i("--threads", "1", "0", "-3", "1025")), null, null),
      new Command("demo", List.of(Opt.text("--out", "@W/out", "@W/in.dir", "@W/afile/x", "/"),
          Opt.i("--seed", "1", "-1"), Opt.text("--engine", "flow", "fluid")), null, null),
      new Command("reproduce incast", List.of(Opt.flag("--quick"),
          Opt.text("--out", "@W/out", "@W/afile/x", "/"), Opt.i("--seed", "1", "-1"),
          Opt.i("--threads", "1", "0", "2000")), null, null),
      new Command("bench topo", List.of(Opt.text("--out", "@W/out", "@W/afile/x", "@W/in.dir", "/"),
          Opt.i("--repeat", "1", "0", "-1", "1001"),
          Opt.i("--threads", "1", "0", "-1"), Opt.text("--format", "csv", "xml")), null, null),
      new Command("simulate", List.of(Opt.text("--topo", "fattree", "nosuch"),
          Opt.text("--k", "4", "3", "\u0661\u0660"), Opt.i("--seed", "1", "-1"),
          Opt.text("--transport", "dctcp", "tcp"), Opt.text("--engine", "packet", "fluid"),
          Opt.d("--until-ms", "1", "0", "-1", "1e9"), Opt.i("--max-events", "10", "0"),
          Opt.i("--paths", "2", "0", "2000"), Opt.text("--out", "@W/out", "@W/afile/x"),
          Opt.flag("--no-progress")), "--trace", FuzzFiles.Format.TRACE),
      new Command("simulate", List.of(Opt.text("--workload", "poisson", "zipf"),
          Opt.i("--flows", "5", "-1"), Opt.d("--rate-per-s", "1000", "0", "-5"),
          Opt.d("--skew", "0", "-1", "11"), Opt.text("--k", "4", "5")), "--sizes",
          FuzzFiles.Format.SIZES),
      new Command("analyze throughput", List.of(Opt.text("--topo", "fattree"),
          Opt.list("--param", "k=4", "k=3"), Opt.text("--solver", "approx", "simplex"),
          Opt.d("--epsilon", "0.1", "0", "-1")), "--demands", FuzzFiles.Format.DEMANDS),
      new Command("flattree profile", List.of(Opt.i("--k", "4", "3", "0", "66"),
          Opt.i("--threads", "1", "0")), null, null),
      new Command("shufflecast routes", List.of(Opt.i("--p", "2", "1", "0"), Opt.i("--k", "2", "0"),
          Opt.i("--source", "0", "-1", "100000")), null, null),
      new Command("shufflecast concurrent", List.of(Opt.i("--p", "2", "1"), Opt.i("--k", "2", "0"),
          Opt.list("--sources", "0,3", "-1", ",", "0,0")), null, null),
      new Command("shufflecast failure", List.of(Opt.i("--p", "2", "1"), Opt.i("--k", "3", "0"),
          Opt.list("--failed", "8", "-1", "100000"), Opt.flag("--recover")), null, null),
      new Command("shufflecast cost", List.of(Opt.i("--tors", "1024", "1", "0", "100000"),
          Opt.i("--switch-ports", "32", "2", "0"), Opt.i("--rate", "100", "7", "0")), null, null),
      new Command("shufflecast bench", List.of(Opt.list("--instances", "2:2", "4", "a:b", ":"),
          Opt.i("--threads", "1", "0")), null, null),
      new Command("incast tree", List.of(Opt.text("--bcube", "4,1", "4", "1,1", "a,b"),
          Opt.i("--receiver", "0", "-1", "16"), Opt.list("--senders", "2,5,9", "-1", "99", ","),
          Opt.text("--method", "ars", "best"), Opt.d("--alpha", "0", "-0.5", "2"),
          Opt.i("--seed", "1", "-1")), null, null),
      new Command("incast shuffle", List.of(Opt.text("--bcube", "4,1", "0,0"),
          Opt.list("--receivers", "0,1", "-1", "99"), Opt.list("--senders", "2,5", "-1", "99"),
          Opt.i("--seed", "1", "-1")), null, null),
      new Command("incast update", List.of(Opt.text("--bcube", "4,1", "x"),
          Opt.i("--receiver", "0", "-1"), Opt.list("--senders", "2,5", "-1"),
          Opt.i("--join", "9", "-1", "99")), null, null),
      new Command("incast fbfly", List.of(Opt.text("--fbfly", "4,3,2", "4,3", "a,b,c"),
          Opt.i("--receiver", "0", "-1", "99999"), Opt.list("--senders", "1,2", "-1")), null, null),
      new Command("incast bench", List.of(Opt.i("--repeat", "1", "0", "-1")), null, null));
}
