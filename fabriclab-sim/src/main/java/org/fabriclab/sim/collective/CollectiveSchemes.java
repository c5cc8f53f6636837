package org.fabriclab.sim.collective;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.fabriclab.error.InvalidParameterException;

/**
 * The registered {@link CollectiveScheme}s, found with {@link ServiceLoader} on the class path:
 * the host schemes of this package and the in-network schemes that systems contribute. Sorted by
 * name; a name registered twice is an error of the build.
 */
public final class CollectiveSchemes {
  private final Map<String, CollectiveScheme> byName;

  private CollectiveSchemes(Map<String, CollectiveScheme> m) {
    byName = m;
  }

  /** Every scheme on the class path. */
  public static CollectiveSchemes load() {
    List<CollectiveScheme> all = new ArrayList<>();
    ServiceLoader.load(CollectiveScheme.class, CollectiveSchemes.class.getClassLoader()).forEach(all::add);
    all.sort(java.util.Comparator.comparing(CollectiveScheme::name));
    Map<String, CollectiveScheme> m = new LinkedHashMap<>();
    for (CollectiveScheme s : all) {
      if (m.put(s.name(), s) != null) {
        throw new IllegalStateException("collective scheme '" + s.name() + "' is registered twice");
      }
    }
    return new CollectiveSchemes(m);
  }

  /** The schemes in name order. */
  public List<CollectiveScheme> all() {
    return List.copyOf(byName.values());
  }

  /** The scheme called {@code name}. */
  public CollectiveScheme get(String name) {
    CollectiveScheme s = byName.get(name.strip());
    if (s == null) {
      throw new InvalidParameterException("scheme", name, "valid: " + String.join(", ", byName.keySet()));
    }
    return s;
  }

  /** The scheme called {@code name}, checked to implement {@code op}. */
  public CollectiveScheme get(String name, CollectiveOp op) {
    CollectiveScheme s = get(name);
    if (!s.ops().contains(op)) {
      List<String> ok = new ArrayList<>();
      for (CollectiveScheme x : byName.values()) {
        if (x.ops().contains(op)) {
          ok.add(x.name());
        }
      }
      throw new InvalidParameterException("scheme", "scheme '" + s.name() + "' does not implement "
          + op.cliName() + "; schemes for " + op.cliName() + ": " + String.join(", ", ok));
    }
    return s;
  }
}
