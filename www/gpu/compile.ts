// Compiling and linking a WebGL2 program, one way for every GPU program
// here: a failure throws with the driver's log (the renderer then warns
// and draws in 2D), except while the context is lost, when every call
// fails and the restored context will compile again.

/** The program of `vertex` and `fragment` shader sources; throws with the driver's log on failure. */
export function compileProgram(gl: WebGL2RenderingContext, vertex: string, fragment: string): WebGLProgram {
  const program = gl.createProgram();
  if (program === null) throw new Error('WebGL2: could not create a program');
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vertex],
    [gl.FRAGMENT_SHADER, fragment],
  ] as const) {
    const shader = gl.createShader(type);
    if (shader === null) throw new Error('WebGL2: could not create a shader');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
      throw new Error(`WebGL2: shader did not compile: ${gl.getShaderInfoLog(shader) ?? ''}`);
    }
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    throw new Error(`WebGL2: program did not link: ${gl.getProgramInfoLog(program) ?? ''}`);
  }
  return program;
}
