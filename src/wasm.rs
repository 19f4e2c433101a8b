//! The JavaScript face of the library: the only file with `#[wasm_bindgen]`.
//!
//! Every method validates its input in the core (which returns `Result`) and
//! turns an error into a thrown JS `Error` whose message names the argument.
//! Per-frame data (`pairs`, `query`, `slotBoxes`, …) is returned as typed-
//! array *views* into wasm memory, not copies: a view is valid until the next
//! call into the world (a call may grow memory and detach it). Use
//! `.slice()` to keep one.

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::scene::Layout;
use crate::world::StructureKind;

/// A world of moving boxes with switchable broad-phase structures.
#[wasm_bindgen(js_name = World)]
pub struct WasmWorld {
    inner: crate::World,
    /// Scratch for `quadtreeNodes`, kept so drawing allocates nothing warm.
    node_buffer: Vec<f64>,
}

fn to_js(error: crate::Error) -> JsError {
    JsError::new(&error.to_string())
}

// SAFETY (for every `view` below): the view aliases memory owned by `self`
// and is documented to be valid only until the next call into the world;
// nothing in between can run Rust code that would free or move it.
fn view_f64(data: &[f64]) -> Float64Array {
    unsafe { Float64Array::view(data) }
}

fn view_u32(data: &[u32]) -> Uint32Array {
    unsafe { Uint32Array::view(data) }
}

fn view_u8(data: &[u8]) -> Uint8Array {
    unsafe { Uint8Array::view(data) }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// A world rectangle `[0, width] × [0, height]`.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64) -> Result<WasmWorld, JsError> {
        console_error_panic_hook::set_once();
        let inner = crate::World::new(width, height).map_err(to_js)?;
        Ok(WasmWorld { inner, node_buffer: Vec::new() })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> f64 {
        self.inner.width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> f64 {
        self.inner.height()
    }

    /// Adds a box at rest; returns its id (>= 1, never reused).
    pub fn insert(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<u32, JsError> {
        self.inner.insert(x, y, w, h).map_err(to_js)
    }

    /// Moves / resizes a box.
    pub fn update(&mut self, id: u32, x: f64, y: f64, w: f64, h: f64) -> Result<(), JsError> {
        self.inner.update(id, x, y, w, h).map_err(to_js)
    }

    /// Units per second.
    #[wasm_bindgen(js_name = setVelocity)]
    pub fn set_velocity(&mut self, id: u32, vx: f64, vy: f64) -> Result<(), JsError> {
        self.inner.set_velocity(id, vx, vy).map_err(to_js)
    }

    /// `[vx, vy]` of a live object.
    pub fn velocity(&self, id: u32) -> Result<Float64Array, JsError> {
        let v = self.inner.velocity(id).map_err(to_js)?;
        Ok(Float64Array::from(&v[..]))
    }

    /// Deletes the object.
    pub fn remove(&mut self, id: u32) -> Result<(), JsError> {
        self.inner.remove(id).map_err(to_js)
    }

    /// The object's current `[x, y, w, h]` (a copy).
    #[wasm_bindgen(js_name = box)]
    pub fn box_of(&self, id: u32) -> Result<Float64Array, JsError> {
        let b = self.inner.box_of(id).map_err(to_js)?;
        Ok(Float64Array::from(&b[..]))
    }

    /// Live objects.
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.inner.count() as u32
    }

    /// Moves every object by velocity × dt and bounces it off the walls.
    pub fn step(&mut self, dt: f64) -> Result<(), JsError> {
        self.inner.step(dt).map_err(to_js)
    }

    /// Every overlapping pair `[a0, b0, a1, b1, …]`, `a < b`, sorted (a view).
    pub fn pairs(&mut self) -> Uint32Array {
        view_u32(self.inner.pairs())
    }

    /// Ids of the boxes overlapping the given box, ascending (a view).
    pub fn query(&mut self, x: f64, y: f64, w: f64, h: f64) -> Result<Uint32Array, JsError> {
        let ids = self.inner.query(x, y, w, h).map_err(to_js)?;
        Ok(view_u32(ids))
    }

    /// One of `"brute-force"`, `"quadtree"`, `"quadtree-leaves"`.
    #[wasm_bindgen(js_name = setStructure)]
    pub fn set_structure(&mut self, name: &str) -> Result<(), JsError> {
        self.inner.set_structure(name).map_err(to_js)
    }

    #[wasm_bindgen(getter)]
    pub fn structure(&self) -> String {
        self.inner.structure().to_string()
    }

    /// Every structure name `setStructure` accepts.
    pub fn structures() -> Vec<String> {
        StructureKind::ALL.iter().map(|k| k.name().to_string()).collect()
    }

    /// Split threshold and depth limit of both quadtrees.
    #[wasm_bindgen(js_name = setQuadtreeLimits)]
    pub fn set_quadtree_limits(&mut self, max_objects: f64, max_levels: f64) -> Result<(), JsError> {
        let max_objects = whole("maxObjects", max_objects)?;
        let max_levels = whole("maxLevels", max_levels)?;
        self.inner.set_quadtree_limits(max_objects, max_levels).map_err(to_js)
    }

    #[wasm_bindgen(getter, js_name = maxObjects)]
    pub fn max_objects(&self) -> u32 {
        self.inner.quadtree_limits().max_objects
    }

    #[wasm_bindgen(getter, js_name = maxLevels)]
    pub fn max_levels(&self) -> u32 {
        self.inner.quadtree_limits().max_levels
    }

    /// Adds `count` seeded moving boxes; `layout` is `"uniform"`,
    /// `"clustered"` or `"mixed"`. Returns the first new id.
    pub fn populate(&mut self, count: f64, seed: f64, layout: &str) -> Result<u32, JsError> {
        let count = whole("count", count)?;
        let seed = whole("seed", seed)?;
        let layout = Layout::from_name(layout).ok_or_else(|| {
            to_js(crate::Error::UnknownName {
                arg: "layout",
                name: layout.to_string(),
                expected: "\"uniform\", \"clustered\", \"mixed\"",
            })
        })?;
        self.inner.populate(count, seed.into(), layout).map_err(to_js)
    }

    /// Throws if any internal invariant is broken (a debugging aid).
    pub fn validate(&self) -> Result<(), JsError> {
        self.inner.validate().map_err(|message| JsError::new(&message))
    }

    /// Box-versus-box tests made by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairCandidateTests)]
    pub fn pair_candidate_tests(&self) -> f64 {
        self.inner.pair_stats().candidate_tests as f64
    }

    /// Nodes or cells visited by the last `pairs()`.
    #[wasm_bindgen(getter, js_name = pairNodesVisited)]
    pub fn pair_nodes_visited(&self) -> f64 {
        self.inner.pair_stats().nodes_visited as f64
    }

    /// Box-versus-box tests made by the last `query()`.
    #[wasm_bindgen(getter, js_name = queryCandidateTests)]
    pub fn query_candidate_tests(&self) -> f64 {
        self.inner.query_stats().candidate_tests as f64
    }

    /// Per slot `x, y, w, h` (a view; slots with id 0 are free).
    #[wasm_bindgen(js_name = slotBoxes)]
    pub fn slot_boxes(&self) -> Float64Array {
        view_f64(self.inner.slot_boxes())
    }

    /// Per slot the object's id, or 0 for a free slot (a view).
    #[wasm_bindgen(js_name = slotIds)]
    pub fn slot_ids(&self) -> Uint32Array {
        view_u32(self.inner.slot_ids())
    }

    /// Per slot 1 if it was in a pair at the last `pairs()` (a view).
    #[wasm_bindgen(js_name = slotOverlapping)]
    pub fn slot_overlapping(&self) -> Uint8Array {
        view_u8(self.inner.slot_overlapping())
    }

    /// The active quadtree's nodes, 6 numbers each:
    /// `minX, minY, maxX, maxY, depth, isLeaf` (a view; empty when no
    /// quadtree is active).
    #[wasm_bindgen(js_name = quadtreeNodes)]
    pub fn quadtree_nodes(&mut self) -> Float64Array {
        self.node_buffer.clear();
        if let Some(tree) = self.inner.quadtree() {
            let buffer = &mut self.node_buffer;
            tree.for_each_node(|n| {
                let b = n.bounds;
                buffer.extend([b.min_x, b.min_y, b.max_x, b.max_y, n.depth as f64, n.is_leaf as u8 as f64]);
            });
        }
        view_f64(&self.node_buffer)
    }

    /// Bounds of the quadtree nodes holding the object, 4 numbers each (a copy).
    #[wasm_bindgen(js_name = storedIn)]
    pub fn stored_in(&self, id: u32) -> Result<Float64Array, JsError> {
        let regions = self.inner.stored_in(id).map_err(to_js)?;
        let flat: Vec<f64> = regions.iter().flat_map(|b| [b.min_x, b.min_y, b.max_x, b.max_y]).collect();
        Ok(Float64Array::from(&flat[..]))
    }
}

/// A JS number that must be a whole number in `u32` range.
fn whole(arg: &'static str, value: f64) -> Result<u32, JsError> {
    if !value.is_finite() {
        return Err(to_js(crate::Error::NotFinite { arg, value }));
    }
    if value.fract() != 0.0 || value < 0.0 || value > u32::MAX as f64 {
        return Err(to_js(crate::Error::OutOfRange {
            arg,
            value: value as i64,
            min: 0,
            max: u32::MAX.into(),
        }));
    }
    Ok(value as u32)
}
