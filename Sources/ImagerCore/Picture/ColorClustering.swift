/// The eight colours that best stand for a picture: k-means in OKLab, weighted by area.
///
/// 1. Every pixel is counted into one of 32,768 bins (5 bits per sRGB channel), weighted by
///    its alpha (a transparent pixel covers nothing). A bin keeps the sum of its pixels'
///    OKLab values, so its colour is the true mean of what fell in it, not the bin's centre:
///    a flat area comes back exactly. Bins make the work independent of the picture's size.
/// 2. Seeds are chosen deterministically, k-means++ style without the dice: the heaviest bin
///    first, then each time the bin with the largest weight × squared distance to the nearest
///    seed (ties to the lower bin index). The same picture always gives the same chords.
/// 3. Lloyd's iterations on the bins' weighted means until no bin changes cluster (at most 64).
/// 4. A picture with fewer than eight distinct colours gives fewer clusters; the chords are
///    filled by repeating the clusters that cover most area.
/// 5. The chords are ordered by OKLab lightness, darkest first (ties by a, then b).
public enum ColorClustering {
    public static func representativeColors(of pixels: PixelBuffer, count: Int = Chordset.chordCount,
                                            shouldStop: () -> Bool = { false }) -> [RGBAColor]? {
        let bins = histogram(of: pixels, shouldStop: shouldStop)
        guard let bins, !bins.isEmpty else { return nil }
        let clusters = cluster(bins, into: count)
        var chosen = clusters
        // Fill with the largest clusters again, largest first.
        let byArea = clusters.sorted { $0.weight > $1.weight }
        var next = 0
        while chosen.count < count, !byArea.isEmpty {
            chosen.append(byArea[next % byArea.count])
            next += 1
        }
        return chosen.map(\.center)
            .sorted { ($0.lightness, $0.a, $0.b) < ($1.lightness, $1.a, $1.b) }
            .map(\.rgba)
    }

    struct Bin {
        var color: OKLab
        var weight: Double
    }

    struct Cluster {
        var center: OKLab
        var weight: Double
    }

    /// The non-empty bins, each with its weighted mean colour; nil if stopped.
    static func histogram(of pixels: PixelBuffer, shouldStop: () -> Bool) -> [Bin]? {
        let binCount = 1 << 15
        var weights = [Double](repeating: 0, count: binCount)
        var sums = [(r: Double, g: Double, b: Double)](repeating: (0, 0, 0), count: binCount)
        let linear = OKLab.linear
        let rowBytes = pixels.width * 4
        pixels.rgba.withUnsafeBufferPointer { bytes in
            for row in 0..<pixels.height {
                // Asked every 64 rows: cheap, and often enough for Cancel to feel immediate.
                if row % 64 == 0, shouldStop() { return }
                var offset = row * rowBytes
                let end = offset + rowBytes
                while offset < end {
                    let alpha = bytes[offset + 3]
                    if alpha != 0 {
                        let r = bytes[offset], g = bytes[offset + 1], b = bytes[offset + 2]
                        let index = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                        let weight = Double(alpha) / 255
                        weights[index] += weight
                        // Linear light is summed, so a bin's mean is the mean of the light it saw.
                        sums[index].r += weight * linear[Int(r)]
                        sums[index].g += weight * linear[Int(g)]
                        sums[index].b += weight * linear[Int(b)]
                    }
                    offset += 4
                }
            }
        }
        if shouldStop() { return nil }
        var bins: [Bin] = []
        for index in 0..<binCount where weights[index] > 0 {
            let w = weights[index]
            bins.append(Bin(color: OKLab(linearRed: sums[index].r / w, green: sums[index].g / w, blue: sums[index].b / w),
                            weight: w))
        }
        return bins
    }

    static func cluster(_ bins: [Bin], into count: Int) -> [Cluster] {
        let k = min(count, bins.count)
        var centers = seeds(bins, count: k)
        var assignment = [Int](repeating: -1, count: bins.count)
        for _ in 0..<64 {
            var changed = false
            for (index, bin) in bins.enumerated() {
                var best = 0
                var bestDistance = Double.infinity
                for (c, center) in centers.enumerated() {
                    let d = bin.color.squaredDistance(to: center)
                    if d < bestDistance { bestDistance = d; best = c }
                }
                if assignment[index] != best { assignment[index] = best; changed = true }
            }
            var sums = [(l: Double, a: Double, b: Double, w: Double)](repeating: (0, 0, 0, 0), count: k)
            for (index, bin) in bins.enumerated() {
                let c = assignment[index]
                sums[c].l += bin.weight * bin.color.lightness
                sums[c].a += bin.weight * bin.color.a
                sums[c].b += bin.weight * bin.color.b
                sums[c].w += bin.weight
            }
            for c in 0..<k where sums[c].w > 0 {
                centers[c] = OKLab(lightness: sums[c].l / sums[c].w, a: sums[c].a / sums[c].w, b: sums[c].b / sums[c].w)
            }
            if !changed { break }
        }
        var weights = [Double](repeating: 0, count: k)
        for (index, bin) in bins.enumerated() { weights[assignment[index]] += bin.weight }
        return (0..<k).filter { weights[$0] > 0 }.map { Cluster(center: centers[$0], weight: weights[$0]) }
    }

    /// Deterministic k-means++: heaviest bin, then the largest weight × squared distance.
    static func seeds(_ bins: [Bin], count: Int) -> [OKLab] {
        guard let first = bins.indices.max(by: { bins[$0].weight < bins[$1].weight || (bins[$0].weight == bins[$1].weight && $0 > $1) })
        else { return [] }
        var centers = [bins[first].color]
        var nearest = bins.map { $0.color.squaredDistance(to: bins[first].color) }
        while centers.count < count {
            var best = -1
            var bestScore = 0.0
            for index in bins.indices {
                let score = bins[index].weight * nearest[index]
                if score > bestScore { bestScore = score; best = index }
            }
            guard best >= 0 else { break }   // every bin already is a seed's colour
            let center = bins[best].color
            centers.append(center)
            for index in bins.indices { nearest[index] = min(nearest[index], bins[index].color.squaredDistance(to: center)) }
        }
        return centers
    }
}
