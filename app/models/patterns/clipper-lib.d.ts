// The part of clipper-lib 6.4.2 (Angus Johnson's Clipper, JavaScript port; no types published) the layout engine uses.
declare module "clipper-lib" {
  export type IntPoint = { X: number; Y: number };
  export type Path = IntPoint[];
  export type Paths = Path[];
  export class Clipper {
    constructor(initOptions?: number);
    StrictlySimple: boolean;
    AddPath(path: Path, polyType: number, closed: boolean): boolean;
    AddPaths(paths: Paths, polyType: number, closed: boolean): boolean;
    Execute(clipType: number, solution: Paths, subjFillType?: number, clipFillType?: number): boolean;
    static Area(path: Path): number;
    static Orientation(path: Path): boolean;
    static CleanPolygon(path: Path, distance?: number): Path;
    static SimplifyPolygon(path: Path, fillType?: number): Paths;
    static MinkowskiSum(pattern: Path, path: Path, pathIsClosed: boolean): Paths;
    /** 0: outside, 1: inside, -1: on the boundary. */
    static PointInPolygon(pt: IntPoint, path: Path): number;
  }
  export class ClipperOffset {
    constructor(miterLimit?: number, arcTolerance?: number);
    AddPath(path: Path, joinType: number, endType: number): void;
    AddPaths(paths: Paths, joinType: number, endType: number): void;
    Execute(solution: Paths, delta: number): void;
  }
  export const ClipType: { ctIntersection: number; ctUnion: number; ctDifference: number; ctXor: number };
  export const PolyType: { ptSubject: number; ptClip: number };
  export const PolyFillType: { pftEvenOdd: number; pftNonZero: number; pftPositive: number; pftNegative: number };
  export const JoinType: { jtSquare: number; jtRound: number; jtMiter: number };
  export const EndType: { etClosedPolygon: number; etClosedLine: number; etOpenButt: number; etOpenSquare: number; etOpenRound: number };
  const ClipperLib: {
    Clipper: typeof Clipper;
    ClipperOffset: typeof ClipperOffset;
    ClipType: typeof ClipType;
    PolyType: typeof PolyType;
    PolyFillType: typeof PolyFillType;
    JoinType: typeof JoinType;
    EndType: typeof EndType;
  };
  export default ClipperLib;
}
