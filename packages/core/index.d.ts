// The entry's types are the wasm-bindgen build's (the guard adds no API).
export { default } from './broadphase.js';
export * from './broadphase.js';
