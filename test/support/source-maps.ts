// The service under test is dist/ (compiled by nest build with source maps): stack traces name src/ lines.
process.setSourceMapsEnabled(true);
