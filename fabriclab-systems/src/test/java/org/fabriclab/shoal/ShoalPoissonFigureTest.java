package org.fabriclab.shoal;

import static org.assertj.core.api.Assertions.assertThat;

import org.fabriclab.table.Table;
import org.fabriclab.table.TableWriter;
import org.junit.jupiter.api.Test;

/** The Fig. 15/16 table's rows as pandas reads them. */
class ShoalPoissonFigureTest {
  @Test
  void unmeasuredMaximaAreEmptyCellsNotSentinels() {
    Table.Builder t = ShoalPoissonFigure.poissonTable("t");
    ShoalPoissonFigure.row(t, new ShoalExperiments.PoissonPoint(0.5, 10, 3.5, 2.0, 40.0, -1, -1, 100, 7, -1),
        "dctcp");
    ShoalPoissonFigure.row(t, new ShoalExperiments.PoissonPoint(0.5, 10, 3.5, 2.0, 40.0, 0, 12, 100, 7, 0), "shoal");
    String[] lines = TableWriter.csv(t.build()).split("\n");
    assertThat(lines[1]).isEqualTo("dctcp,0.5,10,3.5,2.0,40.0,,,");
    // a measured zero stays a zero
    assertThat(lines[2]).isEqualTo("shoal,0.5,10,3.5,2.0,40.0,0,12,0");
    assertThat(TableWriter.json(t.build())).contains("\"maxQueueCells\" : null");
  }
}
