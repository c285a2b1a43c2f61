package io.strata.spatial;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Covers grid boxes with at most N ranges of Morton codes: every code inside a box lies in some range
 * (completeness), ranges are sorted and disjoint, and codes in ranges but outside the boxes ("waste")
 * are few.
 *
 * <p>Quadtree refinement: start from the smallest quadtree cells holding each box, repeatedly split the
 * cell with the most waste into its four children (dropping children outside every box) while the
 * number of cells stays within a working budget, then merge adjacent cells and close the smallest gaps
 * until at most N ranges remain (a range's waste is bounded by the gaps it closes).
 */
public final class ZCover {
  private static final int WORK_FACTOR = 8;

  private ZCover() {}

  /** A quadtree cell: codes {@code [base, base + 4^level)}, covering a square of side 2^level. */
  private record Cell(long base, int level, double waste) {
    long last() {
      return base + (1L << (2 * level)) - 1;
    }
  }

  public static List<ZRange> cover(List<GridBox> boxes, int maxRanges) {
    if (maxRanges < 1) {
      throw new IllegalArgumentException("maxRanges must be at least 1, was " + maxRanges);
    }
    PriorityQueue<Cell> splittable = new PriorityQueue<>(Comparator.comparingDouble(Cell::waste).reversed());
    List<Cell> done = new ArrayList<>();
    for (GridBox box : boxes) {
      long zmin = ZOrder.encode(box.x0(), box.y0());
      long zmax = ZOrder.encode(box.x1(), box.y1());
      int level = (64 - Long.numberOfLeadingZeros(zmin ^ zmax) + 1) / 2;
      long base = level == 0 ? zmin : zmin & ~((1L << (2 * level)) - 1);
      add(new Cell(base, level, 0), boxes, splittable, done);
    }
    int budget = maxRanges * WORK_FACTOR;
    while (!splittable.isEmpty() && splittable.size() + done.size() + 3 <= budget) {
      Cell c = splittable.poll();
      long quarter = 1L << (2 * (c.level() - 1));
      for (int i = 0; i < 4; i++) {
        add(new Cell(c.base() + i * quarter, c.level() - 1, 0), boxes, splittable, done);
      }
    }
    List<Cell> cells = new ArrayList<>(done);
    cells.addAll(splittable);
    cells.sort(Comparator.comparingLong(Cell::base));
    List<long[]> ranges = new ArrayList<>();
    for (Cell c : cells) {
      long[] last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
      if (last != null && last[1] + 1 >= c.base()) {
        last[1] = Math.max(last[1], c.last());
      } else {
        ranges.add(new long[] {c.base(), c.last()});
      }
    }
    return mergeSmallestGaps(ranges, maxRanges);
  }

  /** Classifies a cell: inside a box (done), partly inside (to split), or outside every box (dropped). */
  private static void add(Cell cell, List<GridBox> boxes, PriorityQueue<Cell> splittable, List<Cell> done) {
    long side = 1L << cell.level();
    long x0 = ZOrder.x(cell.base());
    long y0 = ZOrder.y(cell.base());
    long x1 = x0 + side - 1;
    long y1 = y0 + side - 1;
    double inside = 0;
    for (GridBox b : boxes) {
      long ix = Math.min(x1, b.x1()) - Math.max(x0, b.x0()) + 1;
      long iy = Math.min(y1, b.y1()) - Math.max(y0, b.y0()) + 1;
      if (ix > 0 && iy > 0) {
        inside += (double) ix * iy;
      }
    }
    double area = (double) side * side;
    if (inside <= 0) {
      return;
    }
    if (inside >= area || cell.level() == 0) {
      done.add(cell);
    } else {
      splittable.add(new Cell(cell.base(), cell.level(), area - inside));
    }
  }

  private static List<ZRange> mergeSmallestGaps(List<long[]> ranges, int maxRanges) {
    while (ranges.size() > maxRanges) {
      int best = 0;
      long bestGap = Long.MAX_VALUE;
      for (int i = 0; i + 1 < ranges.size(); i++) {
        long gap = ranges.get(i + 1)[0] - ranges.get(i)[1];
        if (gap < bestGap) {
          bestGap = gap;
          best = i;
        }
      }
      ranges.get(best)[1] = ranges.get(best + 1)[1];
      ranges.remove(best + 1);
    }
    List<ZRange> out = new ArrayList<>(ranges.size());
    for (long[] r : ranges) {
      out.add(new ZRange(r[0], r[1]));
    }
    return out;
  }
}
