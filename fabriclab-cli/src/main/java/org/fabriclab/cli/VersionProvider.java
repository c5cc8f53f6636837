package org.fabriclab.cli;

import picocli.CommandLine.IVersionProvider;

/** Version from the jar manifest (or "dev" when run from classes). */
public final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Main.class.getPackage().getImplementationVersion();
    return new String[] {
      "fabriclab " + (v == null ? "dev" : v),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
