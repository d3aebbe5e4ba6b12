// The plane geometry is the domain's, so the Design page draws modules with the same math the sheets use.
export {
  distPointSegment, distRectSegment, moduleCornersPlan, moduleExtentIn, planeFrame, pointInPolygon, polygonArea, toPlan, toPlane,
} from '@sunstamp/domain/design/plane-geometry.rules';
export type { PlaneFrame } from '@sunstamp/domain/design/plane-geometry.rules';
