package org.fabriclab.cli.shoal;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabriclab.shoal.ShoalPowerCost;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code shoal power}: §5 power of a 512-node rack and Fig. 11's break-even points. */
@Command(name = "power", mixinStandardHelpOptions = true, description = {
    "network power of a 512-node rack, Shoal vs packet-switched Clos (§5), and Fig. 11's switch",
    "cost ratios for break-even and -40%% (JSON keys: shoalW, psnW, reduction, shoalNicW, psnNicW,",
    "nicCostPerPacketSwitch, breakEven{nic2x, nic3x}, minus40{nic2x, nic3x}; csv and md: key,value rows,",
    "breakEven.nic2x etc.)"})
public final class PowerCommand implements Runnable {
  @Spec CommandSpec spec;

  @picocli.CommandLine.Mixin org.fabriclab.cli.FormatOption format = new org.fabriclab.cli.FormatOption();

  @Override
  public void run() {
    format.format();
    ShoalPowerCost p = new ShoalPowerCost(512);
    PrintWriter o = spec.commandLine().getOut();
    double red = 1 - p.shoalW() / p.psnW();
    if (!format.isText()) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("shoalW", p.shoalW());
      j.put("psnW", p.psnW());
      j.put("reduction", red);
      j.put("shoalNicW", p.shoalNicW());
      j.put("psnNicW", p.psnNicW());
      j.put("nicCostPerPacketSwitch", ShoalPowerCost.NIC_COST_PER_SWITCH);
      j.put("breakEven", Map.of("nic2x", p.switchRatioFor(1, 2), "nic3x", p.switchRatioFor(1, 3)));
      j.put("minus40", Map.of("nic2x", p.switchRatioFor(0.6, 2), "nic3x", p.switchRatioFor(0.6, 3)));
      ShoalCommand.print(format, o, j);
      return;
    }
    o.printf("PSN   %.2f kW (24 x 350 W switches + 512 x %.2f W NICs)%n", p.psnW() / 1000, p.psnNicW());
    o.printf("Shoal %.2f kW (48 x 38.5 W switches + 512 x %.2f W NICs), %.1f%% lower%n",
        p.shoalW() / 1000, p.shoalNicW(), 100 * red);
    o.printf("Fig. 11 (one PSN NIC = 1/128 packet switch): break-even at x = %.1f%%-%.1f%%, -40%% at %.1f%%-%.1f%%%n",
        100 * p.switchRatioFor(1, 3), 100 * p.switchRatioFor(1, 2),
        100 * p.switchRatioFor(0.6, 3), 100 * p.switchRatioFor(0.6, 2));
  }
}
