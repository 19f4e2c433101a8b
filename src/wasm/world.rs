//! The engine of JS `World` (see the module docs of `src/wasm`: the
//! façade in `www/core/facade.js` is what users call, and its JSDoc is the
//! public API). The contract's class (objects, stepping, pairs and
//! queries, structures, the tile grid's handle, rays, the hierarchy) plus
//! what the playground and games need beside it (slots, drawing views,
//! tile responses, the wire format). The tile operations are the handle's
//! (`tile_grid.rs`): one name each.

use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

use js_sys::{Float64Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

use super::args::{whole, Args};
use super::batch::{Batch, MAX_ENTRIES};
use super::published::Published;
use super::shared::SharedWorld;
use super::WasmTileGrid;
use super::{
    boxes_xywh, done, names, out, out_box_hit, out_ray_hit, out_view, plain_object, status, thrown, to_js,
    trace_records, view_f64, Fault,
};
use crate::quadtree::QuadtreeLimits;
use crate::scene::Layout;
use crate::world::{StructureKind, TileResponse};

/// Most objects `populate` adds in one call: more would exhaust wasm memory
/// before the first frame (10M boxes are ~1 GB with their structures).
const MAX_POPULATE: u32 = 2_000_000;

/// A world of moving boxes with switchable broad-phase structures.
#[wasm_bindgen(js_name = World)]
pub struct WasmWorld {
    pub(super) core: Rc<SharedWorld>,
    /// Scratch for the quadtree view, kept so drawing allocates nothing warm.
    node_buffer: Vec<f64>,
    /// `updateMany`'s and `setParents`' arrays, copied in by the façade.
    batch: RefCell<Batch>,
    /// The views of state the core keeps between calls, published apart
    /// from it (see `published.rs`).
    views: WorldViews,
}

/// The published copies behind the World's views of kept state (the other
/// views are answers written afresh by every call that returns them).
#[derive(Default)]
struct WorldViews {
    slot_boxes: Published<f64>,
    slot_ids: Published<u32>,
    slot_overlapping: Published<u8>,
    order: Published<u32>,
    pairs_began: Published<u32>,
    pairs_ended: Published<u32>,
}

impl WasmWorld {
    fn core(&self) -> Ref<'_, crate::world::World> {
        self.core.borrow()
    }

    fn core_mut(&self) -> RefMut<'_, crate::world::World> {
        self.core.borrow_mut()
    }

    /// Runs `call` on the World, releasing it before the result is turned
    /// into what crosses to JS.
    #[inline(always)]
    fn edit<T>(
        &self,
        call: impl FnOnce(&mut crate::world::World) -> crate::error::Result<T>,
    ) -> Result<T, Fault> {
        let result = call(&mut self.core_mut());
        result.map_err(Fault::Refused)
    }

    /// Runs `call` on the World to read it: no change counted, so no
    /// published view is copied again for it.
    #[inline(always)]
    fn read<T>(
        &self,
        call: impl FnOnce(&crate::world::World) -> crate::error::Result<T>,
    ) -> Result<T, Fault> {
        let result = call(&self.core());
        result.map_err(Fault::Refused)
    }

    /// The slot views (boxes, ids, overlapping flags), published together
    /// (see `Published::reserve`): drawing reads the three in a row.
    fn publish_slots(&mut self) -> crate::Result<&WorldViews> {
        let change = self.core.changes();
        let core = self.core.borrow();
        let v = &mut self.views;
        v.slot_boxes.reserve("slot_boxes", core.slot_boxes().len())?;
        v.slot_ids.reserve("slot_ids", core.slot_ids().len())?;
        v.slot_overlapping.reserve("slot_overlapping", core.slot_overlapping().len())?;
        v.slot_boxes.of("slot_boxes", change, || core.slot_boxes())?;
        v.slot_ids.of("slot_ids", change, || core.slot_ids())?;
        v.slot_overlapping.of("slot_overlapping", change, || core.slot_overlapping())?;
        Ok(&self.views)
    }

    /// The events of the last `pairs()` (began, ended), published together.
    fn publish_events(&mut self) -> crate::Result<&WorldViews> {
        let change = self.core.changes();
        let core = self.core.borrow();
        let v = &mut self.views;
        v.pairs_began.reserve("pairs_began", core.pairs_began().len())?;
        v.pairs_ended.reserve("pairs_ended", core.pairs_ended().len())?;
        v.pairs_began.of("pairs_began", change, || core.pairs_began())?;
        v.pairs_ended.of("pairs_ended", change, || core.pairs_ended())?;
        Ok(&self.views)
    }

    /// [`edit`](Self::edit) for a `Result` method: a fault becomes the thrown value.
    pub(super) fn edit_js<T>(
        &self,
        call: impl FnOnce(&mut crate::world::World) -> crate::error::Result<T>,
    ) -> Result<T, JsValue> {
        self.edit(call).map_err(thrown)
    }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64) -> Result<WasmWorld, JsValue> {
        let mut a = Args::new();
        let width = a.positive("width", width).map_err(thrown)?;
        let height = a.positive("height", height).map_err(thrown)?;
        let core = crate::world::World::new(width, height).map_err(to_js)?;
        Ok(WasmWorld {
            core: Rc::new(SharedWorld::new(core)),
            node_buffer: crate::publish::vec(),
            batch: RefCell::default(),
            views: WorldViews::default(),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> f64 {
        self.core().width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> f64 {
        self.core().height()
    }

    pub fn resize(&self, width: f64, height: f64) -> Result<(), JsValue> {
        let mut a = Args::new();
        let width = a.positive("width", width).map_err(thrown)?;
        let height = a.positive("height", height).map_err(thrown)?;
        self.edit_js(|core| core.resize(width, height))
    }

    /// The new id, or `REFUSED`.
    pub fn insert(&self, x: f64, y: f64, w: f64, h: f64) -> f64 {
        if let Some(mut a) = Args::limited() {
            return status(a.box4(x, y, w, h).map(|_| 0.0), |v| v);
        }
        status(self.edit(|core| core.insert(x, y, w, h)), f64::from)
    }

    pub fn update(&self, id: f64, x: f64, y: f64, w: f64, h: f64) -> i32 {
        if let Some(mut a) = Args::limited() {
            let judged = a.live_id(&self.core, "id", id).and_then(|_| a.box4(x, y, w, h));
            return done(judged.map(drop));
        }
        done(self.edit(|core| core.update(whole("id", id)?, x, y, w, h)))
    }

    #[wasm_bindgen(js_name = setVelocity)]
    pub fn set_velocity(&self, id: f64, vx: f64, vy: f64) -> i32 {
        if let Some(mut a) = Args::limited() {
            let judged = (|| {
                a.live_id(&self.core, "id", id)?;
                a.finite("vx", vx)?;
                a.finite("vy", vy)
            })();
            return done(judged.map(drop));
        }
        // A velocity is in no published view (slot boxes move at the next
        // step, which counts): the edit is not counted.
        let set = core_set_velocity(&mut self.core.borrow_mut_unpublished(), id, vx, vy);
        done(set.map_err(Fault::Refused))
    }

    /// 0 with `[vx, vy]` in `OUT`, or `REFUSED`.
    pub fn velocity(&self, id: f64) -> i32 {
        let velocity = self.read(|core| core.velocity(whole("id", id)?));
        done(velocity.map(|v| out(&v)))
    }

    pub fn remove(&self, id: f64) -> i32 {
        done(self.edit(|core| core.remove(whole("id", id)?)))
    }

    /// 0 with `[x, y, w, h]` in `OUT`, or `REFUSED`.
    #[wasm_bindgen(js_name = box)]
    pub fn box_of(&self, id: f64) -> i32 {
        let found = self.read(|core| core.box_of(whole("id", id)?));
        done(found.map(|b| out(&b)))
    }

    #[wasm_bindgen(getter)]
    pub fn count(&self) -> u32 {
        self.core().count() as u32
    }

    pub fn step(&self, dt: f64) -> i32 {
        let mut a = Args::new();
        done((|| {
            let dt = a.num(dt)?;
            self.edit(|core| core.step(dt))
        })())
    }

    #[wasm_bindgen(js_name = fastForward)]
    pub fn fast_forward(&self, steps: f64, dt: f64) -> i32 {
        let mut a = Args::new();
        done((|| {
            let steps = a.whole_in("steps", steps, 0, crate::world::MAX_FAST_FORWARD_STEPS)?;
            let dt = a.num(dt)?;
            self.edit(|core| core.fast_forward(steps, dt))
        })())
    }

    /// The pairs: their length, the view's address in `OUT`; or `REFUSED`
    /// (more than can be held).
    pub fn pairs(&self) -> i32 {
        let mut core = self.core_mut();
        status(core.try_pairs().map(out_view).map_err(Fault::Refused), f64::from) as i32
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    #[wasm_bindgen(js_name = pairsBegan)]
    pub fn pairs_began(&mut self) -> i32 {
        let published = self.publish_events();
        status(published.map(|views| out_view(views.pairs_began.data())).map_err(Fault::Refused), f64::from)
            as i32
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    #[wasm_bindgen(js_name = pairsEnded)]
    pub fn pairs_ended(&mut self) -> i32 {
        let published = self.publish_events();
        status(published.map(|views| out_view(views.pairs_ended.data())).map_err(Fault::Refused), f64::from)
            as i32
    }

    /// Room for `updateMany`'s arrays (see `batch.rs`): 0 with the
    /// addresses of the ids and boxes in `OUT`, or `REFUSED` (too many ids,
    /// or no memory for them) before anything is allocated. Boxes of a
    /// length other than 4 per id get no room: `updateMany` names them.
    #[wasm_bindgen(js_name = reserveUpdateMany)]
    pub fn reserve_update_many(&self, ids: f64, boxes: f64) -> i32 {
        let reserved = self.batch.borrow_mut().reserve("ids", ids, MAX_ENTRIES, boxes, |n| 4 * n);
        done(reserved.map(|(ids, boxes)| out(&[ids as f64, boxes as f64])).map_err(Fault::Refused))
    }

    /// Applies the batch copied into the scratch; `boxes` is the length of
    /// the caller's boxes (its room was reserved only if it was right).
    #[wasm_bindgen(js_name = updateMany)]
    pub fn update_many(&self, boxes: f64) -> i32 {
        let mut a = Args::new();
        let mut batch = self.batch.borrow_mut();
        let result = (|| {
            let (ids, values) = batch.take("ids")?;
            // `ids` is judged whole before `boxes`: its dead ids come first.
            // Done by the core with the boxes in one pass, unless the
            // boxes were of the wrong type (the façade's slow path).
            if a.stops_at(1) {
                a.by(&self.core, |core| core.check_ids("ids", ids))?;
            }
            a.num(0.0)?;
            a.num(boxes)?;
            if values.len() as f64 != boxes {
                self.edit(|core| core.check_ids("ids", ids))?;
                return Err(Fault::Refused(crate::error::Error::LengthMismatch {
                    arg: "boxes",
                    len: boxes as usize,
                    expected: ids.len() * 4,
                }));
            }
            self.edit(|core| core.update_many_flat(ids, values))
        })();
        if result.is_err() {
            batch.refused();
        }
        done(result)
    }

    /// The ids overlapping the box: its length, the view's address in `OUT`.
    pub fn query(&self, x: f64, y: f64, w: f64, h: f64) -> i32 {
        if let Some(mut a) = Args::limited() {
            return done(a.box4(x, y, w, h).map(drop));
        }
        let mut core = self.core_mut();
        let found = core.query(x, y, w, h).map(out_view).map_err(Fault::Refused);
        status(found, f64::from) as i32
    }

    #[wasm_bindgen(js_name = setStructure)]
    pub fn set_structure(&self, name: &str) -> Result<(), JsValue> {
        let mut a = Args::new();
        let kind = a.arg(StructureKind::from_name(name)).map_err(thrown)?;
        self.edit_js(|core| core.set_structure(kind.name()))
    }

    #[wasm_bindgen(getter)]
    pub fn structure(&self) -> String {
        self.core().structure().to_string()
    }

    pub fn structures() -> Vec<String> {
        StructureKind::ALL.iter().map(|k| k.name().to_string()).collect()
    }

    #[wasm_bindgen(js_name = setQuadtreeLimits)]
    pub fn set_quadtree_limits(&self, max_objects: f64, max_levels: f64) -> Result<(), JsValue> {
        let mut a = Args::new();
        let max_objects = a.arg(QuadtreeLimits::check_max_objects(max_objects)).map_err(thrown)?;
        let max_levels = a.arg(QuadtreeLimits::check_max_levels(max_levels)).map_err(thrown)?;
        self.edit_js(|core| core.set_quadtree_limits(max_objects, max_levels))
    }

    #[wasm_bindgen(getter, js_name = maxObjects)]
    pub fn max_objects(&self) -> u32 {
        self.core().quadtree_limits().max_objects
    }

    #[wasm_bindgen(getter, js_name = maxLevels)]
    pub fn max_levels(&self) -> u32 {
        self.core().quadtree_limits().max_levels
    }

    #[wasm_bindgen(js_name = defaultQuadtreeLimits)]
    pub fn default_quadtree_limits() -> Uint32Array {
        let limits = QuadtreeLimits::default();
        Uint32Array::from(&[limits.max_objects, limits.max_levels][..])
    }

    #[wasm_bindgen(js_name = setCellSize)]
    pub fn set_cell_size(&self, size: f64) -> Result<(), JsValue> {
        let mut a = Args::new();
        let size = a.num(size).map_err(thrown)?;
        self.edit_js(|core| core.set_cell_size(size))
    }

    #[wasm_bindgen(js_name = useAutomaticCellSize)]
    pub fn use_automatic_cell_size(&self) {
        self.core_mut().use_automatic_cell_size();
    }

    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.core().cell_size().unwrap_or(f64::NAN)
    }

    #[wasm_bindgen(js_name = gridGeometry)]
    pub fn grid_geometry(&self) -> Float64Array {
        match self.core().grid_geometry() {
            Some(g) => {
                Float64Array::from(&[g.origin_x, g.origin_y, g.cell_size, g.cols as f64, g.rows as f64][..])
            }
            None => Float64Array::new_with_length(0),
        }
    }

    #[wasm_bindgen(js_name = searchedIn)]
    pub fn searched_in(&self, id: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let id = a.live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(boxes_xywh(&self.edit_js(|core| core.searched_in(id))?))
    }

    #[wasm_bindgen(js_name = storedIn)]
    pub fn stored_in(&self, id: f64) -> Result<Float64Array, JsValue> {
        let mut a = Args::new();
        let id = a.live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(boxes_xywh(&self.edit_js(|core| core.stored_in(id))?))
    }

    pub fn populate(&self, count: f64, seed: f64, layout: &str) -> Result<u32, JsValue> {
        let mut a = Args::new();
        let (count, seed, layout) = (|| {
            let count = a.by(&self.core, |core| {
                let count = crate::error::whole_in("count", count, 0, MAX_POPULATE)?;
                core.check_room("count", count as usize)?;
                Ok(count)
            })?;
            let seed = a.whole("seed", seed)?;
            let layout = a.arg(Layout::check_name(layout))?;
            Ok((count, seed, layout))
        })()
        .map_err(thrown)?;
        self.edit_js(|core| core.populate(count, seed.into(), layout))
    }

    pub fn layouts() -> Vec<String> {
        Layout::ALL.iter().map(|l| l.name().to_string()).collect()
    }

    #[wasm_bindgen(js_name = sceneSide)]
    pub fn scene_side(count: f64) -> Result<f64, JsValue> {
        let count = Args::new().whole("count", count).map_err(thrown)?;
        Ok(crate::scene::scene_side(count as usize))
    }

    pub fn validate(&self) -> Result<(), JsValue> {
        self.core().validate().map_err(|message| JsError::new(&message).into())
    }

    #[wasm_bindgen(getter, js_name = pairCandidateTests)]
    pub fn pair_candidate_tests(&self) -> f64 {
        self.core().pair_stats().candidate_tests as f64
    }

    #[wasm_bindgen(getter, js_name = pairNodesVisited)]
    pub fn pair_nodes_visited(&self) -> f64 {
        self.core().pair_stats().nodes_visited as f64
    }

    #[wasm_bindgen(getter, js_name = queryCandidateTests)]
    pub fn query_candidate_tests(&self) -> f64 {
        self.core().query_stats().candidate_tests as f64
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    #[wasm_bindgen(js_name = slotBoxes)]
    pub fn slot_boxes(&mut self) -> i32 {
        let published = self.publish_slots();
        status(published.map(|views| out_view(views.slot_boxes.data())).map_err(Fault::Refused), f64::from)
            as i32
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    #[wasm_bindgen(js_name = slotIds)]
    pub fn slot_ids(&mut self) -> i32 {
        let published = self.publish_slots();
        status(published.map(|views| out_view(views.slot_ids.data())).map_err(Fault::Refused), f64::from)
            as i32
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    #[wasm_bindgen(js_name = slotOverlapping)]
    pub fn slot_overlapping(&mut self) -> i32 {
        let published = self.publish_slots();
        status(
            published.map(|views| out_view(views.slot_overlapping.data())).map_err(Fault::Refused),
            f64::from,
        ) as i32
    }

    #[wasm_bindgen(getter, js_name = slotGeneration)]
    pub fn slot_generation(&self) -> u32 {
        self.core().slot_generation()
    }

    #[wasm_bindgen(js_name = renumberSlots)]
    pub fn renumber_slots(&self) {
        self.core_mut().renumber_slots();
    }

    #[wasm_bindgen(js_name = quadtreeNodes)]
    pub fn quadtree_nodes(&mut self) -> Result<Float64Array, JsValue> {
        self.node_buffer.clear();
        if let Some(tree) = self.core.borrow().quadtree() {
            let mut nodes = 0;
            tree.for_each_node(|_| nodes += 1);
            let numbers = nodes * crate::wire::QUADTREE_NODE_FIELDS.len();
            super::reserve(&mut self.node_buffer, numbers, "quadtree_nodes", "numbers").map_err(to_js)?;
            let buffer = &mut self.node_buffer;
            tree.for_each_node(|n| {
                let b = n.bounds;
                buffer.extend([
                    b.min_x,
                    b.min_y,
                    b.max_x - b.min_x,
                    b.max_y - b.min_y,
                    f64::from(n.depth),
                    f64::from(u8::from(n.is_leaf)),
                ]);
            });
        }
        Ok(view_f64(&self.node_buffer))
    }

    #[wasm_bindgen(js_name = viewLayout)]
    pub fn view_layout(name: &str) -> Result<Vec<String>, JsValue> {
        let fields = crate::wire::view_fields(name).ok_or_else(|| crate::error::Error::UnknownName {
            arg: "name",
            name: name.to_string(),
            expected: "a view's method name".into(),
        });
        Ok(names(Args::new().arg(fields).map_err(thrown)?))
    }

    pub fn views() -> Vec<String> {
        crate::wire::VIEWS.iter().map(|(name, _)| (*name).to_string()).collect()
    }

    // ---- The tile grid (N-style): its handle; the operations are its own ----

    /// A new handle on this world's map (the façade keeps one per World).
    #[wasm_bindgen(getter)]
    pub fn tiles(&self) -> WasmTileGrid {
        WasmTileGrid::of(Rc::clone(&self.core))
    }

    #[wasm_bindgen(js_name = edgeStates)]
    pub fn edge_states() -> Vec<String> {
        names(&crate::tile_grid::EdgeState::CODE_NAMES)
    }

    #[wasm_bindgen(js_name = setTileResponse)]
    pub fn set_tile_response(&self, id: f64, response: &str) -> Result<(), JsValue> {
        let mut a = Args::new();
        let (id, response) = (|| {
            let id = a.live_id(&self.core, "id", id)?;
            Ok((id, a.arg(TileResponse::from_name(response))?))
        })()
        .map_err(thrown)?;
        self.edit_js(|core| core.set_tile_response(id, response))
    }

    #[wasm_bindgen(js_name = tileResponse)]
    pub fn tile_response(&self, id: f64) -> Result<String, JsValue> {
        let id = Args::new().live_id(&self.core, "id", id).map_err(thrown)?;
        Ok(self.edit_js(|core| core.tile_response(id))?.name().to_string())
    }

    #[wasm_bindgen(js_name = tileResponses)]
    pub fn tile_responses() -> Vec<String> {
        TileResponse::ALL.iter().map(|r| r.name().to_string()).collect()
    }

    // ---- Rays ----

    /// 1 with the hit in `OUT` (see `out_ray_hit`), 0 for no hit, or `REFUSED`.
    #[wasm_bindgen(js_name = castRay)]
    pub fn cast_ray(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> i32 {
        let mut a = Args::new();
        let hit = a
            .segment(x0, y0, x1, y1)
            .and_then(|(x0, y0, x1, y1)| self.edit(|core| core.cast_ray(x0, y0, x1, y1)));
        status(hit, out_ray_hit) as i32
    }

    /// 1 with the hit in `OUT` (see `out_box_hit`), 0 for nothing met, or
    /// `REFUSED`. `skip` (the façade passes `undefined` as `None`) is 0 or
    /// a live id.
    #[wasm_bindgen(js_name = castBox)]
    #[allow(clippy::too_many_arguments)]
    pub fn cast_box(&self, x: f64, y: f64, w: f64, h: f64, dx: f64, dy: f64, skip: Option<f64>) -> i32 {
        let mut a = Args::new();
        let hit = (|| {
            let (x, y, w, h, dx, dy) = a.moving_box((x, y, w, h), (dx, dy))?;
            let skip = match skip {
                None => 0,
                Some(v) => {
                    a.by(&self.core, |core| if v == 0.0 { Ok(0) } else { core.check_id("skip", v) })?
                }
            };
            self.edit(|core| core.cast_box(x, y, w, h, dx, dy, skip))
        })();
        status(hit, out_box_hit) as i32
    }

    // ---- Hierarchy ----

    #[wasm_bindgen(js_name = setParent)]
    pub fn set_parent(&self, child: f64, parent: f64) -> i32 {
        let mut a = Args::new();
        done((|| {
            let child = a.live_id(&self.core, "child", child)?;
            let parent = a.by(&self.core, |core| core.check_parent(child, parent))?;
            self.edit(|core| core.set_parent(child, parent))
        })())
    }

    /// Room for `setParents`' pairs (see `batch.rs`): 0 with their address
    /// in `OUT`, or `REFUSED` (an odd or absurd length) before anything is
    /// allocated.
    #[wasm_bindgen(js_name = reserveParents)]
    pub fn reserve_parents(&self, pairs: f64) -> i32 {
        if pairs.fract() == 0.0 && pairs % 2.0 != 0.0 {
            return done(Err(Fault::Refused(crate::error::Error::OutOfRange {
                arg: "pairs length (must be even)",
                value: pairs,
                min: 0,
                max: i64::MAX,
            })));
        }
        let reserved = self.batch.borrow_mut().reserve("pairs", pairs, 2 * MAX_ENTRIES, 0.0, |_| 0);
        done(reserved.map(|(pairs, _)| out(&[pairs as f64])).map_err(Fault::Refused))
    }

    /// Applies the pairs copied into the scratch.
    #[wasm_bindgen(js_name = setParents)]
    pub fn set_parents(&self) -> Result<String, JsValue> {
        let mut batch = self.batch.borrow_mut();
        let result = batch.take("pairs").map_err(to_js).and_then(|(pairs, _)| {
            let events: Vec<(u32, u32)> = pairs.chunks_exact(2).map(|p| (p[0], p[1])).collect();
            self.edit_js(|core| core.set_parents(&events).map_err(element_of_flat_pairs))
        });
        if result.is_err() {
            batch.refused();
        }
        Ok(match result? {
            crate::hierarchy::BatchStrategy::Repaired => "repaired",
            crate::hierarchy::BatchStrategy::Resorted => "resorted",
        }
        .to_string())
    }

    /// The parent id (0 at the root), or `REFUSED`.
    #[wasm_bindgen(js_name = parentOf)]
    pub fn parent_of(&self, id: f64) -> f64 {
        let mut a = Args::new();
        let parent = a.live_id(&self.core, "id", id).and_then(|id| self.read(|core| core.parent_of(id)));
        status(parent, f64::from)
    }

    /// The published copy (see `published.rs`): its length, its address in
    /// `OUT`; or `REFUSED` (no memory for the copy).
    pub fn order(&mut self) -> i32 {
        // Squeezing removed entries out of the queue is a change: it comes
        // before the count the copy is written at.
        let mut core = self.core.borrow_mut();
        let change = self.core.changes();
        let world: &mut crate::World = &mut core;
        let view = self.views.order.of("order", change, move || world.order());
        status(view.map(out_view).map_err(Fault::Refused), f64::from) as i32
    }

    #[wasm_bindgen(js_name = setHierarchyTracing)]
    pub fn set_hierarchy_tracing(&self, on: bool) {
        self.core_mut().set_hierarchy_tracing(on);
    }

    #[wasm_bindgen(js_name = lastRepair)]
    pub fn last_repair(&self) -> JsValue {
        let core = self.core();
        let Some(trace) = core.last_repair() else {
            return JsValue::UNDEFINED;
        };
        let to_temp: Vec<u8> = trace.to_temp.iter().map(|&b| u8::from(b)).collect();
        plain_object(&[
            ("child", trace.child.into()),
            ("parent", trace.parent.into()),
            ("p", trace.p.into()),
            ("q", trace.q.into()),
            ("before", Uint32Array::from(&trace.before[..]).into()),
            ("temp", Uint32Array::from(&trace.temp[..]).into()),
            ("toTemp", Uint8Array::from(&to_temp[..]).into()),
            ("after", Uint32Array::from(&trace.after[..]).into()),
            ("steps", trace_records(&trace.steps).into()),
        ])
    }
}

/// The core names a bad event of `setParents` by its pair (`pairs[3]`); in
/// JS `pairs` is flat, so the index becomes the element at fault: the
/// child's (`2k`) or the parent's (`2k + 1`, also for a cycle).
fn element_of_flat_pairs(error: crate::error::Error) -> crate::error::Error {
    match error {
        crate::error::Error::InEntry { arg, index, error } => {
            let child = matches!(*error, crate::error::Error::DeadId { arg: "child", .. });
            crate::error::Error::InEntry { arg, index: 2 * index + usize::from(!child), error }
        }
        other => other,
    }
}

/// `World::set_velocity` with the id as JS gives it.
#[inline(always)]
fn core_set_velocity(core: &mut crate::world::World, id: f64, vx: f64, vy: f64) -> crate::error::Result<()> {
    core.set_velocity(whole("id", id)?, vx, vy)
}
