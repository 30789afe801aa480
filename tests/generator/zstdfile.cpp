#include "zstdfile.h"

#include <QFile>
#include <zstd.h>

#include <memory>
#include <vector>

namespace lanescope {

namespace {

constexpr int kCompressionLevel = 3;

struct CCtxDeleter
{
    void operator()(ZSTD_CCtx *c) const { ZSTD_freeCCtx(c); }
};

} // namespace

bool compressFileZstd(const QString &input, const QString &output, QString *error)
{
    QFile in(input), out(output);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = input + QStringLiteral(": ") + in.errorString();
        return false;
    }
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = output + QStringLiteral(": ") + out.errorString();
        return false;
    }
    std::unique_ptr<ZSTD_CCtx, CCtxDeleter> cctx(ZSTD_createCCtx());
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, kCompressionLevel);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    ZSTD_CCtx_setPledgedSrcSize(cctx.get(), static_cast<unsigned long long>(in.size()));

    std::vector<char> inBuf(ZSTD_CStreamInSize() * 8), outBuf(ZSTD_CStreamOutSize() * 8);
    for (;;) {
        const auto n = in.read(inBuf.data(), qint64(inBuf.size()));
        if (n < 0) {
            *error = input + QStringLiteral(": ") + in.errorString();
            return false;
        }
        const bool last = in.atEnd() || n == 0;
        ZSTD_inBuffer src{inBuf.data(), std::size_t(n), 0};
        for (;;) {
            ZSTD_outBuffer dst{outBuf.data(), outBuf.size(), 0};
            const auto remaining =
                ZSTD_compressStream2(cctx.get(), &dst, &src, last ? ZSTD_e_end : ZSTD_e_continue);
            if (ZSTD_isError(remaining)) {
                *error = QStringLiteral("zstd: ") + QString::fromLatin1(ZSTD_getErrorName(remaining));
                return false;
            }
            if (out.write(outBuf.data(), qint64(dst.pos)) != qint64(dst.pos)) {
                *error = output + QStringLiteral(": ") + out.errorString();
                return false;
            }
            if (last ? remaining == 0 : src.pos == src.size)
                break;
        }
        if (last)
            break;
    }
    return true;
}

} // namespace lanescope
