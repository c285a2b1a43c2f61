package io.strata.spatial;

/** An inclusive box on the 2^31 grid: {@code x0 <= x <= x1}, {@code y0 <= y <= y1}. */
public record GridBox(long x0, long y0, long x1, long y1) {
  public GridBox {
    if (x0 < 0 || y0 < 0 || x1 >= ZOrder.SIDE || y1 >= ZOrder.SIDE || x0 > x1 || y0 > y1) {
      throw new IllegalArgumentException("grid box (" + x0 + ", " + y0 + ") .. (" + x1 + ", " + y1 + ") is inverted or off the 2^31 grid");
    }
  }

  public boolean contains(long x, long y) {
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  }

  /** Cells in the box. */
  public double area() {
    return (double) (x1 - x0 + 1) * (double) (y1 - y0 + 1);
  }
}
