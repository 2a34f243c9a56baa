/** @type {import('next').NextConfig} */
const config = {
  reactStrictMode: true,
  // The app sits alone in a scratch folder: pin the root so Next does not look above it.
  turbopack: { root: import.meta.dirname },
}

export default config
