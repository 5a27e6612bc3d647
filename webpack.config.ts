// Builds the panel (src/index.tsx) into dist/: esbuild-loader for TypeScript, contenthash file names,
// one lazy chunk per page (see src/app/router), CSS extracted in production, fonts as asset files,
// and the rest of public/ copied as is. API_BASE_URL is fixed at build time ('' = same origin).
// The dev server proxies /api to the API server on 127.0.0.1:8080. Production builds also write a
// brotli (.br) and a gzip (.gz) twin of every text asset, which the server sends by Accept-Encoding.
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import CompressionPlugin from 'compression-webpack-plugin';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { earlyUserScript } from './src/boot/early-user';

type Env = Record<string, string | boolean | undefined>;

/** Writes bundle-stats.json: the entry's files and each named chunk group's files (bench/bundle.mjs reads it). */
class BundleStatsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('BundleStatsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BundleStatsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = (group: webpack.ChunkGroup) => [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((f) => !f.endsWith('.map'));
        const stats = {
          entry: Object.fromEntries([...compilation.entrypoints].map(([name, group]) => [name, files(group)])),
          chunkGroups: Object.fromEntries(
            [...compilation.namedChunkGroups].filter(([name]) => !compilation.entrypoints.has(name)).map(([name, group]) => [name, files(group)]),
          ),
        };
        compilation.emitAsset('bundle-stats.json', new webpack.sources.RawSource(JSON.stringify(stats, null, 2)));
      });
    });
  }
}
/** Text assets worth precompressing (fonts and images are compressed already; maps are for tools). */
const PRECOMPRESSED = /\.(?:js|css|html|svg|json|txt)$/;

/**
 * The chunk group the entry route needs besides main.js: the default locale's core messages (the
 * light sign-in page of src/boot is in main.js itself). Without a hint it is requested only once
 * main.js has run, a second wave after it; `<link rel="preload">` in index.html fetches it alongside.
 */
const PRELOADED_GROUPS = ['messages-fa'];
const API_BASE_URL = process.env.API_BASE_URL ?? '';
const PRELOADED_FONTS = /^fonts\/vazirmatn-arabic-(400|700)-normal\.[0-9a-f]+\.woff2$/;

/**
 * The app's chunk groups the bootstrap hints by name (src/boot/chunks.ts): prefetched while the
 * sign-in form waits, preloaded next to the app chunk for a stored session. index.html carries
 * their file names as JSON (`<script type="application/json" id="app-chunks">`), since main.js
 * cannot name files hashed after it.
 */
const HINTED_GROUPS = [
  'app',
  'shell',
  'page-dashboard',
  'page-server-profiles',
  'toast',
  'messages-fa',
  'messages-en',
  'messages-fa-features',
  'messages-en-features',
];

class PreloadEntryRoutePlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadEntryRoutePlugin', (compilation) => {
      let earlyUserFile: string | undefined;
      compilation.hooks.processAssets.tap({ name: 'PreloadEntryRoutePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const source = earlyUserScript(API_BASE_URL);
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
        earlyUserFile = `js/early-user.${hash}.js`;
        compilation.emitAsset(earlyUserFile, new webpack.sources.RawSource(source));
      });
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap('PreloadEntryRoutePlugin', (data) => {
        const entryFiles = new Set([...compilation.entrypoints.values()].flatMap((g) => g.chunks.flatMap((c) => [...c.files])));
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const groupFiles = (name: string) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`PreloadEntryRoutePlugin: no chunk group named ${name}`);
          return [...new Set(group.chunks.flatMap((c) => [...c.files]))].filter((f) => !entryFiles.has(f) && /\.(js|css)$/.test(f));
        };
        const links = [...new Set(PRELOADED_GROUPS.flatMap(groupFiles))].map((f) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: f.endsWith('.css') ? 'style' : 'script', href: `${publicPath}${f}` }),
        );
        data.headTags.push(...links); // after main.js, which is needed first
        // A stored session's user, asked for while main.js downloads (src/boot/early-user.ts): the
        // first tag, a file of its own (the CSP allows no inline script), async so that it holds up
        // neither the parse nor the first paint
        if (earlyUserFile) data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { async: true, src: `${publicPath}${earlyUserFile}` }));
        // The Persian faces every first screen lays out (regular and bold): in by the first layout,
        // they spare it the search for a system fallback and a second layout when they arrive.
        const fonts = Object.keys(compilation.assets).filter((f) => PRELOADED_FONTS.test(f));
        data.headTags.push(
          ...fonts.map((f) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `${publicPath}${f}` }),
          ),
        );
        const list = Object.fromEntries(HINTED_GROUPS.map((name) => [name, groupFiles(name).map((f) => `${publicPath}${f}`)]));
        data.bodyTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', { type: 'application/json', id: 'app-chunks' }, JSON.stringify(list)));
        return data;
      });
    });
  }
}

type Argv = { mode?: 'production' | 'development' | 'none' };

const root = __dirname;
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default (_env: Env, argv: Argv): webpack.Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // react-router's package exports only its development build (warnings included); production
      // takes its production build, both entry points from the same files so there is one router.
      alias: {
        // the panel's own modules: `@/components/…` is src/components/…
        '@': path.join(root, 'src'),
        // messages come pre-parsed (see the lang rule below), so the ICU parser is not shipped
        '@formatjs/icu-messageformat-parser$': path.join(root, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js'),
        ...(production
          ? {
              'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2022', jsx: 'automatic' } },
        { test: /[\\/]lang[\\/](fa|en)\.json$/, include: path.join(root, 'src'), loader: path.join(root, 'scripts/webpack/precompile-messages-loader.mjs') },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
        { test: /\.(woff2?|ttf|eot)$/, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]' } },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ API_BASE_URL: JSON.stringify(API_BASE_URL) }),
      // MUI's CSS-variables theme is never used (no `cssVariables`, no `colorSchemes`), yet createTheme
      // and ThemeProvider import it: a stand-in that throws keeps it out of the entry chunk.
      new webpack.NormalModuleReplacementPlugin(
        /[\\/]@mui[\\/]material[\\/]styles[\\/](createThemeWithVars|ThemeProviderWithVars)\.mjs$/,
        path.join(root, 'scripts/webpack/mui-without-css-vars.mjs'),
      ),
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer', inject: 'head' }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/.gitkeep'] } }] }),
      new PreloadEntryRoutePlugin(),
      new BundleStatsPlugin(),
      new MiniCssExtractPlugin({ filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css' }),
      ...(production
        ? [
            new CompressionPlugin<zlib.BrotliOptions>({
              test: PRECOMPRESSED,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              minRatio: 0.9,
            }),
            new CompressionPlugin({ test: PRECOMPRESSED, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 }, minRatio: 0.9 }),
          ]
        : []),
    ],
    optimization: {
      // JS through swc's minifier (webpack's own minimizer plugin, with its default two compress passes):
      // terser took 67 s of CPU per build against 25 s, and the e2e suite builds once per run; swc's
      // output is no larger (all chunks 949 → 945 KB gzip, the login route 79.3 → 79.4 KB on the wire).
      minimizer: [
        new MinimizerPlugin({ test: /\.[cm]?js(\?.*)?$/i, minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 } } }),
        new EsbuildPlugin({ target: 'es2022', css: true, legalComments: 'none', include: /\.css$/ }),
      ],
      splitChunks: { chunks: 'async' },
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.WEB_PORT ?? 3000),
      historyApiFallback: true,
      hot: true,
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
    },
  };
};
