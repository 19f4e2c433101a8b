// The example tutorial page: registering the element is all it takes.
import './embed/index';
