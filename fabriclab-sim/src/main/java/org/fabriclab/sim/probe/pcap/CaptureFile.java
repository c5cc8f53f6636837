package org.fabriclab.sim.probe.pcap;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fabriclab.error.InvalidParameterException;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.sim.net.Network;

/**
 * A run captured into a pcapng file: the capture is written to a hidden temporary file beside the
 * target and moved over it only when the run ends normally and the filter kept a packet
 * ({@link OutputFiles#write}), so a failed run, a filter that matches nothing or an interrupted
 * process never leaves a capture file, nor half of one.
 *
 * @param file the capture file
 * @param filter which packets to keep
 * @param framing what the headers need of the transports
 */
public record CaptureFile(Path file, CaptureFilter filter, Framing framing) {
  /**
   * Checks that {@code file} can be written (before any run): a file path, not a folder.
   *
   * @throws org.fabriclab.error.FabriclabException naming the path otherwise
   */
  public CaptureFile {
    OutputFiles.checkTarget(file);
  }

  /**
   * Runs {@code run}, which gets the one call to make with its network after building it and
   * before its first packet (a run that builds no network, or calls it twice, is refused), and
   * writes the capture when it returns; returns what the run returned.
   *
   * @throws InvalidParameterException naming {@code --pcap-filter} when the filter kept nothing
   */
  public <T> T record(Function<Consumer<Network>, T> run) {
    Object[] result = new Object[1];
    OutputFiles.write(file, out -> {
      PacketCapture[] cap = new PacketCapture[1];
      Network[] on = new Network[1];
      try {
        result[0] = run.apply(net -> {
          if (cap[0] != null) {
            throw new InvalidParameterException("--pcap", "--pcap captures one run; this command makes"
                + " several (give one of each choice)");
          }
          cap[0] = new PacketCapture(net, filter, framing, out);
          on[0] = net;
          net.setTap(cap[0]);
        });
      } finally {
        if (on[0] != null) {
          on[0].setTap(null);
        }
      }
      if (cap[0] == null) {
        throw new IllegalStateException("the run built no network to capture");
      }
      cap[0].finish();
    });
    @SuppressWarnings("unchecked")
    T t = (T) result[0];
    return t;
  }
}
