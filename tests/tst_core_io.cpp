// Model files and data files: round trips, and hostile input rejected with a message that names what is wrong.
#include "core/io/dataset.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/io/safetensors.h"
#include "core/io/write_fault.h"

#include <QtTest>
#include <QRandomGenerator>

#include <cerrno>
#include <unistd.h>
#include <QTemporaryDir>

using namespace gb;

static std::string st_bytes(const std::string& header, const std::string& data, uint64_t len_override = 0) {
  std::string out(8, '\0');
  const uint64_t n = len_override ? len_override : header.size();
  for (int i = 0; i < 8; ++i) out[size_t(i)] = char((n >> (8 * i)) & 0xFF);
  return out + header + data;
}

class TestCoreIo : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  std::string path(const char* name) { return (tmp_.path() + "/" + name).toStdString(); }

 private slots:
  void model_round_trip_data() {
    QTest::addColumn<bool>("ed");
    QTest::addColumn<bool>("tied");
    QTest::newRow("encoder-decoder") << true << false;
    QTest::newRow("decoder-only") << false << false;
    QTest::newRow("decoder-only tied") << false << true;
  }
  void model_round_trip() {
    QFETCH(bool, ed);
    QFETCH(bool, tied);
    Config c = Config::make(ed ? Variant::EncoderDecoder : Variant::DecoderOnly, 9, 7, ed ? 2 : 0, 3, 2, 8, 12);
    c.tied_unembed = tied;
    c.bos_id = 1;
    c.eos_id = 2;
    c.dropout = 0.25f;
    ModelFile m = ModelFile::of(c, params_init(c, 3), {{"glassbox.note", "hello ü"}});
    const std::string p = path("m.safetensors");
    QVERIFY(!save_model(p, m));
    auto back = load_model(p);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(config_to_json(back->config).dump(), config_to_json(c).dump());
    QCOMPARE(back->extra.at("glassbox.note"), std::string("hello ü"));
    std::vector<MatF> a, b;
    for_each_tensor(c, m.params, [&](const std::string&, TensorRef<float> t) { a.push_back(t.mat()); });
    for_each_tensor(c, back->params, [&](const std::string&, TensorRef<float> t) { b.push_back(t.mat()); });
    QCOMPARE(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) QVERIFY(a[i] == b[i]);
    // Seed shapes, row-major: W_e is [d_e, |V|] and its element (r, col) sits at r·|V| + col.
    auto st = read_safetensors(p);
    QVERIFY(st.ok());
    const StTensor* we = st->find("W_e");
    QVERIFY(we);
    QCOMPARE(we->shape, (std::vector<int64_t>{8, 9}));
    QCOMPARE(we->data[size_t(2 * 9 + 5)], m.params.W_e(2, 5));
    QCOMPARE(st->find("W_u") == nullptr, tied);
  }

  void hostile_safetensors_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const std::string& b, const char* msg) {
      QTest::newRow(name) << QByteArray(b.data(), qsizetype(b.size())) << QString(msg);
    };
    const std::string four(4, '\0');
    row("empty file", "", "truncated");
    row("truncated length", std::string(5, '\0'), "truncated");
    row("header length past the end", st_bytes("{}", "", 1000), "runs past the end");
    row("header length 2^63", st_bytes("{}", "", uint64_t(1) << 63), "larger than the limit");
    row("not JSON", st_bytes("{nope", ""), "invalid JSON");
    row("non-UTF-8 header", st_bytes("{\"a\xff\":1}", ""), "not valid UTF-8");
    row("duplicate keys",
        st_bytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", four),
        "duplicate key 'a'");
    row("overlapping ranges",
        st_bytes(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})", std::string(8, '\0')),
        "overlaps");
    row("gap between ranges",
        st_bytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})", std::string(12, '\0')),
        "gap of 4 bytes before tensor 'b'");
    row("data left over", st_bytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", std::string(8, '\0')),
        "belong to no tensor");
    row("shape × dtype ≠ byte length", st_bytes(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,4]}})", four),
        "tensor 'a': shape [3] × 4 bytes = 12 bytes, but data_offsets span 4");
    row("offsets past the data", st_bytes(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,40]}})", four),
        "lies past the data");
    row("shape overflow",
        st_bytes(R"({"a":{"dtype":"F32","shape":[4294967296,4294967296,16],"data_offsets":[0,4]}})", four),
        "too large");
    row("negative shape", st_bytes(R"({"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", four),
        "non-negative");
    row("unsupported dtype", st_bytes(R"({"a":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", std::string(8, '\0')),
        "dtype 'F64' is not supported");
    row("reversed offsets", st_bytes(R"({"a":{"dtype":"F32","shape":[0],"data_offsets":[4,0]}})", four),
        "reversed");
    row("metadata not strings", st_bytes(R"({"__metadata__":{"x":1}})", ""), "must be a string");
  }
  void hostile_safetensors() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    auto r = parse_safetensors(bytes.toStdString(), "hostile.safetensors");
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(expected),
             qPrintable("message was: " + QString::fromStdString(r.error().message)));
    QVERIFY(QString::fromStdString(r.error().message).startsWith("hostile.safetensors"));
  }

  void model_file_contents_checked_data() {
    QTest::addColumn<QString>("edit");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing tensor") << "drop W_p" << "tensor 'W_p' is missing";
    QTest::newRow("extra tensor") << "add extra" << "unexpected tensor 'extra'";
    QTest::newRow("wrong shape") << "reshape W_e" << "tensor 'W_e' has shape [3, 12], the config needs [4, 9]";
    QTest::newRow("no config") << "drop config" << "glassbox.config' is missing";
    QTest::newRow("bad config") << "bad config" << "field 'heads'";
    QTest::newRow("NaN") << "nan" << "NaN";
    QTest::newRow("not a model") << "drop format" << "not a Glassbox model";
  }
  void model_file_contents_checked() {
    QFETCH(QString, edit);
    QFETCH(QString, expected);
    const Config c = Config::make(Variant::DecoderOnly, 9, 5, 0, 1, 2, 4, 6);
    StFile f = params_to_safetensors(c, params_init(c, 1));
    f.metadata["glassbox.format"] = "1";
    f.metadata["glassbox.config"] = config_to_json(c).dump();
    auto find = [&](const std::string& n) {
      for (auto& t : f.tensors) if (t.name == n) return &t;
      return static_cast<StTensor*>(nullptr);
    };
    if (edit == "drop W_p") f.tensors.erase(f.tensors.begin() + 1);
    if (edit == "add extra") f.tensors.push_back({"extra", {1}, {0.0f}});
    if (edit == "reshape W_e") find("W_e")->shape = {3, 12};
    if (edit == "drop config") f.metadata.erase("glassbox.config");
    if (edit == "bad config") {
      Json j = config_to_json(c);
      j["heads"] = "two";
      f.metadata["glassbox.config"] = j.dump();
    }
    if (edit == "nan") find("W_u")->data[3] = std::nanf("");
    if (edit == "drop format") f.metadata.erase("glassbox.format");
    const std::string p = path("edited.safetensors");
    QVERIFY(!write_safetensors(p, f));
    auto r = load_model(p);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(expected),
             qPrintable("message was: " + QString::fromStdString(r.error().message)));
  }

  // What the Parameters tab shows of a run travels with a lesson: the last step's gradient and update as tensors
  // "last.grad.*" / "last.update.*" under "glassbox.last_step", and each step's gradient norms in the history.
  void last_step_and_gradient_norms_round_trip() {
    const Config c = Config::make(Variant::EncoderDecoder, 9, 5, 1, 1, 2, 4, 6);
    ModelFile m = ModelFile::of(c, params_init(c, 1));
    const size_t n = tensor_names(c).size();
    for (int s = 1; s <= 3; ++s) {
      HistoryPoint h{s, 3.0 - s, 0.01};
      h.grad_norm = 0.5 * s;
      for (size_t i = 0; i < n; ++i) h.grad_norms.push_back(float(s + 0.25 * double(i)));
      if (s == 2) h.loglik = -123.25;  // (an EM family's: "loglik" in the file)
      m.history.push_back(h);
    }
    m.last_step = LastStep{3, params_init(c, 2), params_init(c, 3)};
    const std::string p = path("last.safetensors");
    QVERIFY(!save_model(p, m));
    auto back = load_model(p);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QVERIFY(back->last_step);
    QCOMPARE(back->last_step->step, 3);
    std::vector<MatF> a, b;
    for (auto* q : {&m.last_step->grad, &m.last_step->update})
      for_each_tensor(c, *q, [&](const std::string&, TensorRef<float> t) { a.push_back(t.mat()); });
    for (auto* q : {&back->last_step->grad, &back->last_step->update})
      for_each_tensor(c, *q, [&](const std::string&, TensorRef<float> t) { b.push_back(t.mat()); });
    QCOMPARE(a.size(), 2 * n);
    QCOMPARE(b.size(), a.size());
    for (size_t i = 0; i < a.size(); ++i) QVERIFY(a[i] == b[i]);
    QCOMPARE(back->history.size(), size_t(3));
    QCOMPARE(*back->history[2].grad_norm, 1.5);
    QVERIFY(back->history[2].grad_norms == m.history[2].grad_norms);
    QVERIFY(back->history[1].loglik && *back->history[1].loglik == -123.25 && !back->history[2].loglik);
    auto st = read_safetensors(p);
    QVERIFY(st.ok());
    QVERIFY(st->find("last.grad.W_e") && st->find("last.update.dec.0.cross.W_q"));

    // checked on the way in: a wrong number of norms, stray last.* tensors, metadata without its tensors
    StFile f = *st;
    Json hj = Json::parse(f.metadata.at("glassbox.history"));
    hj[1]["grad_norms"].erase(0);
    f.metadata["glassbox.history"] = hj.dump();
    auto r = model_from_safetensors(f, "norms.safetensors");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("grad_norms must be an array of " + std::to_string(n)) != std::string::npos,
             r.error().message.c_str());
    QVERIFY(r.error().message.find("glassbox.history[1]") != std::string::npos);
    f = *st;
    f.metadata.erase("glassbox.last_step");
    r = model_from_safetensors(f, "stray.safetensors");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("unexpected tensor 'last.") != std::string::npos, r.error().message.c_str());
    f = *st;
    std::erase_if(f.tensors, [](const StTensor& t) { return t.name == "last.update.W_p"; });
    r = model_from_safetensors(f, "missing.safetensors");
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("W_p") != std::string::npos, r.error().message.c_str());
    // and a file without them (every model file before) still reads, with no last step and no norms
    ModelFile plain = ModelFile::of(c, params_init(c, 1));
    plain.history.push_back(HistoryPoint{1, 2.0, 0.01});
    QVERIFY(!save_model(p, plain));
    back = load_model(p);
    QVERIFY(back.ok());
    QVERIFY(!back->last_step);
    QVERIFY(!back->history[0].grad_norm && back->history[0].grad_norms.empty());
  }

  void long_runs_keep_a_bounded_number_of_tensor_norms() {
    // 10,000 steps with 3 norms each, at most 64 points with norms: the stride doubles as the run grows
    const int K = 64, N = 10000;
    std::vector<HistoryPoint> h;
    size_t most = 0;
    for (int s = 1; s <= N; ++s) {
      HistoryPoint p{s, 1.0 / s, 0.01};
      p.grad_norm = 2.0 * s;
      p.grad_norms = {float(s), float(s) + 0.5f, float(s) + 0.25f};
      append_history(h, std::move(p), K, 1 << 30);  // every point kept: the norms alone are thinned here
      size_t with = 0;
      for (const HistoryPoint& q : h) with += !q.grad_norms.empty();
      most = std::max(most, with);
      QVERIFY(!h.back().grad_norms.empty());  // the newest point keeps its norms (the value shown now)
    }
    QCOMPARE(h.size(), size_t(N));
    QVERIFY2(most <= size_t(K) + 1, std::to_string(most).c_str());
    const int stride = grad_norm_stride(N, K);
    QCOMPARE(stride, 256);  // 10000 / 128 = 78 > 64, 10000 / 256 = 39
    int kept = 0;
    for (const HistoryPoint& q : h) {
      QVERIFY(q.grad_norm && *q.grad_norm == 2.0 * q.step);  // loss and global norm: every step
      QCOMPARE(q.loss, 1.0 / q.step);
      if (q.grad_norms.empty()) continue;
      ++kept;
      QVERIFY(q.step % stride == 0 || q.step == N);  // evenly spaced, and the newest
      QCOMPARE(q.grad_norms[1], float(q.step) + 0.5f);  // and unchanged
    }
    QCOMPARE(kept, N / stride + (N % stride != 0));
    // what the window holds is what the file reopens
    const Config c = Config::make(Variant::DecoderOnly, 9, 5, 0, 1, 1, 4, 6);
    ModelFile m = ModelFile::of(c, params_init(c, 1));
    const size_t n = tensor_names(c).size();
    for (int s = 1; s <= 300; ++s) {
      HistoryPoint p{s, 1.0, 0.01};
      p.grad_norm = 1.0;
      p.grad_norms.assign(n, float(s));
      append_history(m.history, std::move(p), 16);
    }
    const std::string path_ = path("thinned.safetensors");
    QVERIFY(!save_model(path_, m));
    auto back = load_model(path_);
    QVERIFY(back.ok());
    QCOMPARE(back->history.size(), m.history.size());
    for (size_t i = 0; i < m.history.size(); ++i) QVERIFY(back->history[i].grad_norms == m.history[i].grad_norms);
    QCOMPARE(int(std::count_if(back->history.begin(), back->history.end(),
                               [](const HistoryPoint& q) { return !q.grad_norms.empty(); })),
             300 / grad_norm_stride(300, 16) + 1);
  }

  void long_runs_keep_a_bounded_number_of_points() {
    // a million steps, a validation every 150,000 and at the end: at most 256 points on the stride, the first,
    // the validated ones and the newest — evenly spaced, in order, each as it was appended
    const int P = 256, N = 1000000;
    std::vector<HistoryPoint> h;
    size_t most = 0;
    int removals = 0;
    for (int s = 1; s <= N; ++s) {
      HistoryPoint p{s, 1.0 / s, 0.01};
      p.grad_norm = 2.0 * s;
      if (append_history(h, std::move(p), 64, P)) ++removals;
      if (s % 150000 == 0 || s == N) h.back().val_loss = 0.5;  // (as the window's validation arrives)
      most = std::max(most, h.size());
      QCOMPARE(h.back().step, s);  // the newest is always there
      QCOMPARE(h.front().step, 1);
    }
    const int every = grad_norm_stride(N, P);
    QCOMPARE(every, 4096);  // 1,000,000 / 2048 = 488 > 256, / 4096 = 244
    QVERIFY2(most <= size_t(P) + 2 + 7 + 1, std::to_string(most).c_str());
    int validated = 0;
    for (size_t i = 0; i < h.size(); ++i) {
      const HistoryPoint& q = h[i];
      if (i > 0) QVERIFY(q.step > h[i - 1].step);
      QCOMPARE(q.loss, 1.0 / q.step);
      QVERIFY(q.grad_norm && *q.grad_norm == 2.0 * q.step);
      validated += q.val_loss.has_value();
      QVERIFY(i == 0 || q.step % every == 0 || q.val_loss || q.step == N);
    }
    QCOMPARE(validated, 7);  // every validation stays
    QCOMPARE(int(std::count_if(h.begin(), h.end(), [every](const HistoryPoint& q) { return q.step % every == 0; })),
             N / every);
    QVERIFY(removals > 0);
    // up to P steps: every step, and nothing removed
    std::vector<HistoryPoint> short_;
    for (int s = 1; s <= P; ++s) QVERIFY(!append_history(short_, HistoryPoint{s, 1.0, 0.01}, 64, P));
    QCOMPARE(short_.size(), size_t(P));
  }

  void atomic_save_keeps_previous_file() {
    const Config c = Config::make(Variant::DecoderOnly, 9, 5, 0, 1, 2, 4, 6);
    const std::string p = path("keep.safetensors");
    QVERIFY(!save_model(p, ModelFile::of(c, params_init(c, 1))));
    auto before = read_file(p);
    QVERIFY(before.ok());
    // A save that cannot complete (the folder of the target is gone) reports an error and leaves nothing behind.
    const std::string bad = path("no-such-folder/x.safetensors");
    auto err = save_model(bad, ModelFile::of(c, params_init(c, 2)));
    QVERIFY(err.has_value());
    QVERIFY(QString::fromStdString(err->message).contains("no-such-folder"));
    // An invalid config is refused before anything is written.
    Config broken = c;
    broken.heads = 3;
    QVERIFY(save_model(p, ModelFile::of(broken, params_init(c, 2))).has_value());
    auto after = read_file(p);
    QVERIFY(after.ok());
    QVERIFY(*before == *after);
    QCOMPARE(QDir(tmp_.path()).entryList(QStringList{"*.tmp-*"}).size(), 0);
  }

  // A save that fails at any stage — the disk fills up part-way, fsync fails, the rename fails, the folder is
  // read-only or gone — leaves the previous file byte for byte, leaves no temporary file, and says why.
  void failed_save_leaves_previous_file_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("reason");
    QTest::newRow("disk full at once") << "write 0" << "No space left on device";
    QTest::newRow("disk full part-way") << "write 100" << "No space left on device";
    QTest::newRow("fsync fails") << "flush" << "Input/output error";
    QTest::newRow("rename fails") << "rename" << "Read-only file system";
    QTest::newRow("read-only folder") << "read-only" << "Permission denied";
    QTest::newRow("folder vanished") << "vanished" << "No such file or directory";
  }
  void failed_save_leaves_previous_file() {
    QFETCH(QString, how);
    QFETCH(QString, reason);
    const Config c = Config::make(Variant::DecoderOnly, 9, 5, 0, 1, 2, 4, 6);
    const QString dir = tmp_.path() + "/save-" + QString::number(QRandomGenerator::global()->generate());
    QVERIFY(QDir().mkpath(dir));
    const std::string p = (dir + "/m.safetensors").toStdString();
    QVERIFY(!save_model(p, ModelFile::of(c, params_init(c, 1))));
    const auto before = read_file(p);
    QVERIFY(before.ok());
    const ModelFile other = ModelFile::of(c, params_init(c, 2));
    Status err;
    if (how.startsWith("write")) {
      inject_write_fault(WriteFault::Write, ENOSPC, how.mid(6).toULongLong());
      err = save_model(p, other);
    } else if (how == "flush") {
      inject_write_fault(WriteFault::Flush, EIO);
      err = save_model(p, other);
    } else if (how == "rename") {
      inject_write_fault(WriteFault::Rename, EROFS);
      err = save_model(p, other);
    } else if (how == "read-only") {
      QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
      const bool root = ::geteuid() == 0;  // root writes anywhere: save as nobody, as a user would
      if (root) QCOMPARE(::seteuid(65534), 0);
      err = save_model(p, other);
      if (root) QCOMPARE(::seteuid(0), 0);
      QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    } else if (how == "vanished") {
      const std::string moved = p + ".elsewhere";  // the folder goes; the old file is kept aside to compare
      QVERIFY(QFile::rename(QString::fromStdString(p), QString::fromStdString(moved)));
      QVERIFY(QDir(dir).removeRecursively());
      err = save_model(p, other);
      QVERIFY(!QFileInfo::exists(dir));  // nothing was made where the folder was
      QVERIFY(err.has_value());
      QVERIFY2(err->message.find(p) != std::string::npos, err->message.c_str());
      QVERIFY2(err->message.find(reason.toStdString()) != std::string::npos, err->message.c_str());
      return;
    }
    QVERIFY2(err.has_value(), "the save should have failed");
    QVERIFY2(err->message.find(p) != std::string::npos, err->message.c_str());       // names the file
    QVERIFY2(err->message.find(reason.toStdString()) != std::string::npos, err->message.c_str());  // and why
    QCOMPARE(err->file, p);
    const auto after = read_file(p);
    QVERIFY(after.ok());
    QVERIFY(*before == *after);                                         // byte for byte
    QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{"m.safetensors"});  // no temporary file left
    QVERIFY(!save_model(p, other));  // the fault was for one save only
    QVERIFY(*read_file(p) != *before);
  }

  // A save streams the file in chunks and reports the bytes written; its file is the one serialize_safetensors
  // makes. Cancelled at any report — before the first chunk, part-way, or at the last word before the rename — it
  // stops there: SavingCancelled naming the file, the previous file byte for byte, no temporary file, no report
  // after the cancelling one.
  void save_reports_progress_and_can_be_cancelled() {
    // large enough for several chunks: |V| 4000, d_e 512 → the embedding alone is 8 MB
    const Config c = Config::make(Variant::DecoderOnly, 4000, 64, 0, 1, 2, 512, 64);
    const ModelFile first = ModelFile::of(c, params_init(c, 1));
    const ModelFile second = ModelFile::of(c, params_init(c, 2));
    const QString dir = tmp_.path() + "/progress";
    QVERIFY(QDir().mkpath(dir));
    const std::string p = (dir + "/m.safetensors").toStdString();
    std::vector<std::pair<uint64_t, uint64_t>> reports;
    QVERIFY(!save_model(p, first, [&](uint64_t done, uint64_t total) {
      reports.emplace_back(done, total);
      return true;
    }));
    const auto before = read_file(p);
    QVERIFY(before.ok());
    // the streamed file is the one serialize_safetensors makes of its contents, byte for byte
    const auto contents = read_safetensors(p);
    QVERIFY(contents.ok());
    QVERIFY(serialize_safetensors(*contents) == *before);
    QVERIFY(reports.size() >= 3);  // the first chunk, more than one chunk of data, and the end
    QCOMPARE(reports.front().first, uint64_t(0));
    QCOMPARE(reports.back().first, uint64_t(before->size()));  // the end is reported: all bytes
    for (size_t i = 0; i < reports.size(); ++i) {
      QCOMPARE(reports[i].second, uint64_t(before->size()));  // one total throughout
      if (i > 0) QVERIFY(reports[i].first > reports[i - 1].first);  // rising
      if (i > 0) QVERIFY(reports[i].first - reports[i - 1].first <= kWriteChunk);
    }
    const size_t n = reports.size();
    for (const size_t cancelAt : {size_t(0), size_t(1), n / 2, n - 1}) {
      size_t calls = 0;
      const Status err = save_model(p, second, [&](uint64_t, uint64_t) { return calls++ < cancelAt; });
      QVERIFY2(err.has_value(), "the save should have been cancelled");
      QCOMPARE(err->code, ErrorCode::SavingCancelled);
      QCOMPARE(err->file, p);
      QCOMPARE(calls, cancelAt + 1);  // nothing reported after the cancelling answer
      QVERIFY(*read_file(p) == *before);  // byte for byte
      QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{"m.safetensors"});  // no temporary file left
    }
    QVERIFY(!save_model(p, second, [](uint64_t, uint64_t) { return true; }));
    QVERIFY(*read_file(p) != *before);
    auto back = load_model(p);
    QVERIFY(back.ok());
    QVERIFY(back->params.W_e == second.params.W_e);
  }

  void jsonl_errors_name_the_line_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bad JSON") << "{\"ids\":[1,2]}\n{\"ids\":[1,\n" << "data.jsonl:2: invalid JSON";
    QTest::newRow("missing field") << "{\"ids\":[1,2]}\n\n{\"tokens\":[1]}\n" << "data.jsonl:3: field 'ids' is missing";
    QTest::newRow("id too large") << "{\"ids\":[1,99]}\n" << "data.jsonl:1: sequence x token 1 is id 99";
    QTest::newRow("too long") << "{\"ids\":[1,1,1,1,1,1,1,1,1]}\n" << "more than ℓ_max = 8";
    QTest::newRow("empty") << "\n\n" << "no examples";
    QTest::newRow("not ids") << "{\"ids\":[1,\"a\"]}" << "not a token id";
  }
  void jsonl_errors_name_the_line() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const Config c = Config::make(Variant::DecoderOnly, 9, 8, 0, 1, 2, 4, 6);
    auto r = parse_jsonl_ids(text.toStdString(), c, "data.jsonl");
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(expected),
             qPrintable("message was: " + QString::fromStdString(r.error().message)));
  }

  void jsonl_reads_crlf_and_pairs() {
    const Config c = Config::make(Variant::EncoderDecoder, 9, 8, 1, 1, 2, 4, 6);
    auto r = parse_jsonl_ids("{\"source\":[3,4],\"target\":[1,5,6]}\r\n{\"source\":[7],\"target\":[1,2]}\r\n", c, "d");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->size(), size_t(2));
    QCOMPARE((*r)[0].z, (std::vector<int>{3, 4}));
    QCOMPARE((*r)[1].x, (std::vector<int>{1, 2}));
  }

  void utf8_validation() {
    QVERIFY(is_valid_utf8("Ich will ein Auto kaufen — äöüß"));
    QVERIFY(!is_valid_utf8("\xc0\xaf"));           // overlong
    QVERIFY(!is_valid_utf8("\xed\xa0\x80"));       // surrogate
    QVERIFY(!is_valid_utf8("abc\xe2\x82"));        // truncated
  }
};

QTEST_GUILESS_MAIN(TestCoreIo)
#include "tst_core_io.moc"
