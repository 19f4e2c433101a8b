'use client';

// The element registers itself when this runs in the browser; while Next
// renders the page on the server the import does nothing.
import 'broadphase-playground';

export default function Playground(props) {
  return <broadphase-playground {...props} />;
}
