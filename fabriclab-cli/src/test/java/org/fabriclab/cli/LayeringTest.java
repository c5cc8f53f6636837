package org.fabriclab.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of ../shared/DESIGN.md: core ← sim ← systems ← cli, systems never import each
 * other, no package depends on itself through others (no import circle inside any module), no static
 * mutable state in the libraries, no {@code java.util.Random}.
 */
class LayeringTest {
  private static final String[] CORE = {
    "org.fabriclab.units..", "org.fabriclab.rng..", "org.fabriclab.graph..",
    "org.fabriclab.topology..", "org.fabriclab.routing..", "org.fabriclab.traffic..",
    "org.fabriclab.analysis..", "org.fabriclab.table..", "org.fabriclab.error..",
    "org.fabriclab.progress..", "org.fabriclab.experiment..", "org.fabriclab.io.."
  };
  private static final String[] SYSTEMS = {
    "org.fabriclab.shufflecast..", "org.fabriclab.flattree..", "org.fabriclab.gleam..",
    "org.fabriclab.shoal..", "org.fabriclab.incast.."
  };
  private static JavaClasses classes;

  @BeforeAll
  static void load() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.fabriclab");
  }

  @Test
  void coreDependsOnNothingAbove() {
    String[] above = concat(SYSTEMS, "org.fabriclab.sim..", "org.fabriclab.cli..", "org.fabriclab.bench..");
    noClasses().that().resideInAnyPackage(CORE).should().dependOnClassesThat()
        .resideInAnyPackage(above).check(classes);
  }

  @Test
  void simDependsOnlyOnCore() {
    String[] above = concat(SYSTEMS, "org.fabriclab.cli..", "org.fabriclab.bench..");
    noClasses().that().resideInAPackage("org.fabriclab.sim..").should().dependOnClassesThat()
        .resideInAnyPackage(above).check(classes);
  }

  @Test
  void systemsNeverImportEachOtherNorTheCli() {
    for (String s : SYSTEMS) {
      String[] others =
          java.util.Arrays.stream(SYSTEMS).filter(o -> !o.equals(s)).toArray(String[]::new);
      noClasses().that().resideInAPackage(s).should().dependOnClassesThat()
          .resideInAnyPackage(concat(others, "org.fabriclab.cli..", "org.fabriclab.bench.."))
          .allowEmptyShould(true).check(classes);
    }
  }

  /**
   * Inside every library module the packages form a hierarchy: each package is a slice, and no
   * slice reaches itself through others (a package and its subpackages are different slices, so
   * {@code sim.transport} and {@code sim.transport.tcp} may not import each other both ways, nor
   * {@code sim.net} and {@code sim.element}). Modules are layered by the rules above, so one rule
   * over all their packages covers each module.
   */
  @Test
  void noPackageCyclesInsideLibraryModules() {
    slices().matching("org.fabriclab.(**)").should().beFreeOfCycles()
        .check(classes.that(JavaClass.Predicates.resideOutsideOfPackages(
            "org.fabriclab.cli..", "org.fabriclab.bench..")));
  }

  /**
   * The command's subpackages form a hierarchy too; the root package {@code org.fabriclab.cli}
   * (the entry point, which names every subcommand, and the options they share) is left out.
   */
  @Test
  void noPackageCyclesAmongCommandPackages() {
    slices().matching("org.fabriclab.cli.(**)").should().beFreeOfCycles()
        .check(classes.that(JavaClass.Predicates.resideInAPackage("org.fabriclab.cli.*..")));
  }

  @Test
  void noStaticMutableStateInLibraries() {
    fields().that().areStatic().and().areDeclaredInClassesThat()
        .resideOutsideOfPackages("org.fabriclab.cli..", "org.fabriclab.bench..")
        .should().beFinal().check(classes);
  }

  /**
   * Static arrays are mutable whatever their modifier: outside the CLI none may be visible beyond
   * its class (private constants are copied before use or only read).
   */
  @Test
  void noSharedStaticArraysInLibraries() {
    fields().that().areStatic().and().haveRawType(com.tngtech.archunit.base.DescribedPredicate
            .describe("an array", (com.tngtech.archunit.core.domain.JavaClass c) -> c.isArray()))
        .and().doNotHaveModifier(com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC)
        .and().areDeclaredInClassesThat()
        .resideOutsideOfPackages("org.fabriclab.cli..", "org.fabriclab.bench..")
        .should().bePrivate().check(classes);
  }

  @Test
  void noJavaUtilRandom() {
    noClasses().should().dependOnClassesThat().areAssignableTo(java.util.Random.class)
        .check(classes);
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
