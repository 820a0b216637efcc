#!/usr/bin/env node
// `npm start`: build if a source changed since the last build, then run the server in this process.
'use strict';
const { join } = require('node:path');
const { buildIfStale, ENTRY } = require('./build.cjs');

buildIfStale();
require(join(__dirname, '..', ENTRY));
