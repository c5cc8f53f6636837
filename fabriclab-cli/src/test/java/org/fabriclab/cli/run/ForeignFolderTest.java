package org.fabriclab.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fabriclab.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run never deletes what it did not write, even in a folder that looks like an unfinished run. */
class ForeignFolderTest {
  @Test
  void aUsersSpecJsonAndGitFolderAreLeftAlone(@TempDir Path dir) throws Exception {
    // the user's project: their own spec.json (a name a run also writes) and a .git folder
    Path project = dir.resolve("project");
    Files.createDirectories(project.resolve(".git"));
    Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Files.writeString(project.resolve("spec.json"), "{\"mine\": true}\n");
    // and, as if a run had been killed there before its first point, fabriclab's marker and run.json
    Files.writeString(project.resolve(".fabriclab-run"), "");
    Files.writeString(project.resolve("run.json"), "{\"fabriclab\": \"0\"}\n");
    Path spec = Files.writeString(dir.resolve("s.yaml"), "name: t\nkind: topo\ntopologies:\n  - family: fattree\n    k: 4\n");
    CliRun.Result r = CliRun.run("run", spec.toString(), "--out", project.toString(), "--no-progress");
    assertThat(r.code()).isEqualTo(2);
    assertThat(project.resolve(".git/HEAD")).hasContent("ref: refs/heads/main");
    assertThat(project.resolve("spec.json")).hasContent("{\"mine\": true}");
    assertThat(r.err()).contains("finished no point");
  }
}
