import { describeAppBuild } from './helpers/describe-app-build.js'

describeAppBuild('rollup')
