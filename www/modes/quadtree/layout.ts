// The quadtree mode's stage: what its canvas is called and the help line
// under it. Shared by the mode and by the first picture the page draws
// before the core arrives (../../first-frame/show.ts), so both lay the
// stage out alike and the picture does not move when the mode replaces it.

export const LAYOUT = {
  canvasLabel: "Simulation: moving boxes, the quadtree's splits and the dashed camera",
  help: 'Drag a box · drag the camera by its tab, resize it at the corner · drag empty space to pan',
};
