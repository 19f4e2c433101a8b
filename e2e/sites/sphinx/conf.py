# The Sphinx recipe (docs/EMBED.md): the Furo theme, the playground's module
# and its wasm in _static/, the module added to every page as a module script.
project = 'Broad phase, by example'
html_theme = 'furo'
html_title = project
html_favicon = 'favicon.svg'
exclude_patterns = ['_build', '.venv']
html_static_path = ['_static']
html_js_files = [('broadphase-embed.js', {'type': 'module'})]
