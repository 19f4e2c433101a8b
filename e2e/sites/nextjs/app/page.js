import Link from 'next/link';
import Playground from './playground';

export default function Page() {
  return (
    <>
      <h1>Tiles and quadtrees</h1>
      <p>A box on a tile map touches the cells its interior overlaps: paint a tile, drag a box.</p>
      <Playground id="tiles" mode="tiles" height="420" tiles={`
        ##################
        ##......s1......##
        ##..............##
        ##..s1##....##..##
        ##################
      `} />
      <p>A quadtree splits a node once it holds more than four boxes.</p>
      <Playground id="quadtree" mode="quadtree" count="300" seed="7" max-objects="4" height="420" />
      <p>
        Next: <Link href="/rays">rays through the tiles</Link>.
      </p>
    </>
  );
}
