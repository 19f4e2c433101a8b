// A static export (`out/`), served as plain files.
/** @type {import('next').NextConfig} */
const nextConfig = { output: 'export' };

export default nextConfig;
