package org.fabriclab.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.fabriclab.cli.FormatOption;
import org.fabriclab.io.OutputFiles;
import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * A self-contained HTML report: headings, text, tables, the spec as text and plots embedded as
 * base64 PNG, with inline CSS and no script or link, so it opens from disk with no network.
 * Build it part by part, then {@link #write} it (atomically). Every text is HTML-escaped.
 */
public final class HtmlReport {
  private final StringBuilder body = new StringBuilder();
  private final String title;
  private int plots;

  public HtmlReport(String title) {
    this.title = title;
    body.append("<h1>").append(escape(title)).append("</h1>\n");
  }

  /** A section heading. */
  public HtmlReport heading(String text) {
    body.append("<h2>").append(escape(text)).append("</h2>\n");
    return this;
  }

  /** A paragraph of text. */
  public HtmlReport paragraph(String text) {
    body.append("<p>").append(escape(text)).append("</p>\n");
    return this;
  }

  /** Preformatted text (a spec, a summary, a command line). */
  public HtmlReport preformatted(String text) {
    body.append("<pre>").append(escape(text)).append("</pre>\n");
    return this;
  }

  /**
   * A table; at most {@code maxRows} rows are shown (the rest are counted). A cell that holds no
   * value (null, NaN, ±∞) shows {@link FormatOption#MISSING}, as text and Markdown do.
   */
  public HtmlReport table(Table t, int maxRows) {
    List<String> cols = t.columnNames();
    body.append("<table>\n<thead><tr>");
    cols.forEach(c -> body.append("<th>").append(escape(c)).append("</th>"));
    body.append("</tr></thead>\n<tbody>\n");
    int n = Math.min(maxRows, t.rowCount());
    for (int r = 0; r < n; r++) {
      body.append("<tr>");
      for (int c = 0; c < cols.size(); c++) {
        Object v = t.get(r, c);
        boolean num = v instanceof Number;
        boolean missing = v == null || v instanceof Double d && !Double.isFinite(d);
        body.append(num ? "<td class=\"n\">" : "<td>")
            .append(missing ? FormatOption.MISSING : escape(TableWriter.format(v))).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table>\n");
    if (t.rowCount() > n) {
      body.append("<p class=\"note\">").append(t.rowCount() - n).append(" more rows in the CSV.</p>\n");
    }
    return this;
  }

  /**
   * Markup the caller built, appended as is: every text in it must already be {@link #escape}d and
   * it may carry only inline styles (no script, no link), so the page stays self-contained.
   */
  public HtmlReport fragment(String html) {
    body.append(html);
    return this;
  }

  /** A chart, embedded as a PNG, with a caption. */
  public HtmlReport chart(Chart<?, ?> chart, String caption) {
    try {
      return png(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG), caption);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** A PNG image (bytes), embedded, with a caption. */
  public HtmlReport png(byte[] png, String caption) {
    plots++;
    body.append("<figure><img alt=\"").append(escape(caption)).append("\" src=\"data:image/png;base64,")
        .append(Base64.getEncoder().encodeToString(png)).append("\"><figcaption>")
        .append(escape(caption)).append("</figcaption></figure>\n");
    return this;
  }

  /** Number of embedded images so far. */
  public int images() {
    return plots;
  }

  /** The whole page. */
  public String html() {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
        + "</title>\n<style>\n"
        + "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n"
        + "table{border-collapse:collapse;margin:1em 0;font-size:90%}\n"
        + "th,td{border:1px solid #ccc;padding:2px 8px}th{background:#f0f0f0}td.n{text-align:right}\n"
        + "pre{background:#f7f7f7;padding:1em;overflow-x:auto}\n"
        + "figure{margin:1em 0}img{max-width:100%}figcaption{font-size:90%;color:#555}\n"
        + ".note{color:#666;font-size:90%}\n"
        + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
  }

  /** Writes the page to {@code file} atomically. */
  public void write(Path file) {
    OutputFiles.write(file, out -> out.write(html().getBytes(StandardCharsets.UTF_8)));
  }

  /** HTML-escapes text. */
  public static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
