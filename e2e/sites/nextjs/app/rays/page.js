import Playground from '../playground';

export default function Page() {
  return (
    <>
      <h1>Rays</h1>
      <p>A ray steps from cell to cell, the way DDA does.</p>
      <Playground id="rays" mode="rays" height="420" />
    </>
  );
}
