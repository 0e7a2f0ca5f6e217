// Runs the @nestjs/swagger CLI plugin under ts-jest, so the OpenAPI document built in e2e tests
// has the same schemas as the one `nest build` produces.
const plugin = require('@nestjs/swagger/plugin');
const nestCli = require('../nest-cli.json');

const options = nestCli.compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger').options;

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = 1;
module.exports.factory = (compiler) => plugin.before(options, compiler.program);
