#include "lesson.h"

#include "core/io/model_file.h"
#include "comparecontroller.h"
#include "errortext.h"
#include "tabs.h"

#include "core/family.h"

#include <QCoreApplication>
#include <QFile>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QJsonArray>
#include <QJsonDocument>

namespace {

// the messages' context for the translation
class LessonTr {
  Q_DECLARE_TR_FUNCTIONS(LessonTr)
};



// The families' names and the presets of one of them (core/family.h).
QStringList familyNames() {
  QStringList names;
  for (const gb::FamilyInfo& f : gb::families())
    if (f.in_window) names << QString::fromStdString(f.name);
  return names;
}
QStringList presetIds(const QString& family) {
  QStringList ids;
  if (const gb::FamilyInfo* f = gb::find_family(family.toStdString()))
    for (const gb::Preset& p : f->presets) ids << QString::fromStdString(p.id);
  return ids;
}

// A text in the window's language: {"en": …, "de": …} (or a plain string).
QString localized(const QJsonValue& v, const QString& language) {
  if (v.isString()) return v.toString();
  const QJsonObject o = v.toObject();
  const QString mine = o.value(language).toString();
  return mine.isEmpty() ? o.value(QStringLiteral("en")).toString() : mine;
}

struct Reader {
  QString where;
  QString error;
  bool fail(const QString& field, const QString& expected) {
    if (error.isEmpty())
      error = LessonTr::tr("%1: the field “%2” must be %3.").arg(where, field, expected);
    return false;
  }
  bool integer(const QJsonObject& o, const QString& name, const QString& path, int lo, int hi, int* out, bool required) {
    const QJsonValue v = o.value(name);
    if (v.isUndefined()) return required ? fail(path + name, LessonTr::tr("a whole number from %1 to %2").arg(lo).arg(hi)) : true;
    const double d = v.toDouble(-1e300);
    if (!v.isDouble() || d != double(qint64(d)) || d < lo || d > hi)
      return fail(path + name, LessonTr::tr("a whole number from %1 to %2").arg(lo).arg(hi));
    *out = int(d);
    return true;
  }
  bool choice(const QJsonObject& o, const QString& name, const QString& path, const QStringList& allowed, QString* out,
              bool required) {
    const QJsonValue v = o.value(name);
    if (v.isUndefined() && !required) return true;
    if (!v.isString() || !allowed.contains(v.toString())) return fail(path + name, LessonTr::tr("one of: %1").arg(allowed.join(QStringLiteral(", "))));
    *out = v.toString();
    return true;
  }
};

}  // namespace

std::optional<Lesson> parseLesson(const QByteArray& json, const QString& language, const QString& where,
                                  QString* error, bool withModel) {
  QJsonParseError pe;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
  if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
    if (error)
      *error = LessonTr::tr("%1 is not a lesson file: it is not JSON (%2 at byte %3).")
                   .arg(where, pe.error != QJsonParseError::NoError ? pe.errorString() : LessonTr::tr("not an object"))
                   .arg(pe.offset);
    return std::nullopt;
  }
  const QJsonObject o = doc.object();
  Reader r{where, {}};
  auto done = [&]() -> std::optional<Lesson> {
    if (error) *error = r.error;
    return std::nullopt;
  };
  int version = 0;
  if (!r.integer(o, QStringLiteral("glassbox_lesson"), {}, 1, 1, &version, true)) return done();
  Lesson l;
  l.id = o.value(QStringLiteral("id")).toString();
  l.titleText = o.value(QStringLiteral("title"));
  l.summaryText = o.value(QStringLiteral("summary"));
  l.title = localized(l.titleText, language);
  l.summary = localized(l.summaryText, language);
  l.pictureText = o.value(QStringLiteral("picture"));
  l.picture = localized(l.pictureText, language);  // a picture of the window in the lesson's language
  if (l.title.isEmpty()) return r.fail(QStringLiteral("title"), LessonTr::tr("a text (or {\"en\": …, \"de\": …})")), done();
  // a real model, imported (then no recipe: nothing is trained)
  if (o.contains(QStringLiteral("import"))) {
    const QJsonValue iv = o.value(QStringLiteral("import"));
    if (!iv.isObject()) return r.fail(QStringLiteral("import"), LessonTr::tr("an object")), done();
    const QJsonObject io = iv.toObject();
    LessonImport imp;
    for (auto [key, out] : {std::pair{QStringLiteral("hub"), &imp.hub}, std::pair{QStringLiteral("folder"), &imp.folder},
                            std::pair{QStringLiteral("fallback"), &imp.fallback}}) {
      const QJsonValue v = io.value(key);
      if (!v.isUndefined() && !v.isString())
        return r.fail(QStringLiteral("import.") + key, LessonTr::tr("a text")), done();
      *out = v.toString();
    }
    if (imp.hub.isEmpty() && imp.folder.isEmpty())
      return r.fail(QStringLiteral("import.hub"),
                    LessonTr::tr("a Hugging Face model id (“Helsinki-NLP/opus-mt-en-de”), or else “folder” a path")),
             done();
    if (!imp.hub.isEmpty() && (imp.hub.count(QLatin1Char('/')) != 1 || imp.hub.contains(QLatin1String("..")) ||
                               imp.hub.startsWith(QLatin1Char('/')) || imp.hub.endsWith(QLatin1Char('/'))))
      return r.fail(QStringLiteral("import.hub"), LessonTr::tr("a model id of the form ORGANISATION/NAME")), done();
    if (!imp.fallback.isEmpty() && !builtinLessonIds().contains(imp.fallback))
      return r.fail(QStringLiteral("import.fallback"),
                    LessonTr::tr("one of: %1").arg(builtinLessonIds().join(QStringLiteral(", ")))),
             done();
    if (o.contains(QStringLiteral("recipe")))
      return r.fail(QStringLiteral("recipe"), LessonTr::tr("absent: a lesson that imports its model trains none")),
             done();
    if (QFileInfo(where).isFile()) imp.base = QFileInfo(where).absolutePath();
    l.import = imp;
  }
  // the recipe (a lesson that comes with its model, or imports it, may have none)
  l.hasRecipe = !l.import && (!withModel || o.contains(QStringLiteral("recipe")));
  if (l.hasRecipe && !o.value(QStringLiteral("recipe")).isObject())
    return r.fail(QStringLiteral("recipe"), LessonTr::tr("an object")), done();
  const QJsonObject rc = o.value(QStringLiteral("recipe")).toObject();
  const QString p = QStringLiteral("recipe.");
  LessonRecipe& re = l.recipe;
  re.task = rc.value(QStringLiteral("task")).toString();
  re.text = rc.value(QStringLiteral("text")).toString();
  if (l.hasRecipe && re.task.isEmpty() == re.text.isEmpty())
    return r.fail(p + QStringLiteral("task"), LessonTr::tr("a built-in task, or else “text” a text file (one of the two)")), done();
  if (l.hasRecipe && (!r.integer(rc, QStringLiteral("train"), p, 10, 1000000, &re.trainSize, false) ||
      !r.integer(rc, QStringLiteral("val"), p, 0, 100000, &re.valSize, false) ||
      !r.integer(rc, QStringLiteral("data_seed"), p, 0, 1000000, &re.dataSeed, false) ||
      !r.choice(rc, QStringLiteral("variant"), p, familyNames(), &re.variant, true) ||
      !r.choice(rc, QStringLiteral("preset"), p, presetIds(re.variant), &re.preset, true) ||
      !r.integer(rc, QStringLiteral("max_len"), p, 0, 4096, &re.maxLen, false) ||
      !r.integer(rc, QStringLiteral("model_seed"), p, 0, 1000000, &re.modelSeed, false) ||
      !r.choice(rc, QStringLiteral("optimizer"), p, {QStringLiteral("adamw"), QStringLiteral("sgd")}, &re.optimizer,
                true) ||
      !r.integer(rc, QStringLiteral("steps"), p, 1, 100000, &re.steps, true) ||
      !r.integer(rc, QStringLiteral("train_seed"), p, 0, 1000000, &re.trainSeed, false)))
    return done();
  if (l.hasRecipe && rc.contains(QStringLiteral("compare"))) {  // families side by side after the training
    const QString cp = p + QStringLiteral("compare.");
    const QJsonValue cv = rc.value(QStringLiteral("compare"));
    if (!cv.isObject()) return r.fail(p + QStringLiteral("compare"), LessonTr::tr("an object")), done();
    const QJsonObject c = cv.toObject();
    QStringList tokenFamilies;
    for (const gb::FamilyInfo& f : gb::families())
      if (f.in_window && f.predicts_tokens()) tokenFamilies << QString::fromStdString(f.name);
    tokenFamilies << QLatin1String(CompareController::kAttentionName);  // the RNN encoder-decoder with attention
    const QJsonValue fv = c.value(QStringLiteral("families"));
    const QString expected = LessonTr::tr("a list of 1 to %1 families, each one of: %2")
                                 .arg(tokenFamilies.size())
                                 .arg(tokenFamilies.join(QStringLiteral(", ")));
    if (!fv.isArray() || fv.toArray().isEmpty() || fv.toArray().size() > tokenFamilies.size())
      return r.fail(cp + QStringLiteral("families"), expected), done();
    for (const QJsonValue& name : fv.toArray()) {
      if (!name.isString() || !tokenFamilies.contains(name.toString()) || re.compareFamilies.contains(name.toString()))
        return r.fail(cp + QStringLiteral("families"), expected), done();
      const gb::FamilyInfo* f = gb::find_family(name.toString().toStdString());
      if (!re.text.isEmpty() && (!f || f->reads_source))  // (rnn-seq2seq+attention is no registered name: it reads one)
        return r.fail(cp + QStringLiteral("families"),
                      LessonTr::tr("families that read one sequence: a text has no source and target")),
               done();
      re.compareFamilies << name.toString();
    }
    if (!r.integer(c, QStringLiteral("steps"), cp, 1, 100000, &re.compareSteps, false) ||
        !r.integer(c, QStringLiteral("em_iterations"), cp, 1, 10000, &re.compareEmIterations, false))
      return done();
    const QJsonValue tv = c.value(QStringLiteral("temperature"));
    if (!tv.isUndefined()) {
      if (!tv.isDouble() || !(tv.toDouble() >= 0 && tv.toDouble() <= 100))
        return r.fail(cp + QStringLiteral("temperature"), LessonTr::tr("a number from 0 to 100")), done();
      re.compareTemperature = tv.toDouble();
    }
  }
  // the beats
  const QJsonValue beats = o.value(QStringLiteral("beats"));
  if (!beats.isArray() || beats.toArray().isEmpty() || beats.toArray().size() > 1000)
    return r.fail(QStringLiteral("beats"), LessonTr::tr("a list of 1 to 1000 beats")), done();
  const QJsonArray list = beats.toArray();
  // One beat that cannot be read never costs the others: it is left out and said (Lesson::skipped).
  auto readBeat = [&](int i) -> bool {
    const QString bp = QStringLiteral("beats[%1].").arg(i);
    if (!list[i].isObject()) return r.fail(QStringLiteral("beats[%1]").arg(i), LessonTr::tr("an object")), false;
    const QJsonObject b = list[i].toObject();
    LessonBeat beat;
    beat.captionText = b.value(QStringLiteral("caption"));
    beat.caption = localized(beat.captionText, language);
    if (!r.choice(b, QStringLiteral("tab"), bp, tabIds(), &beat.tab, true)) return false;
    const QJsonValue view = b.value(beat.tab);
    if (!view.isUndefined() && !view.isObject()) return r.fail(bp + beat.tab, LessonTr::tr("an object")), false;
    beat.view = view.toObject();
    if (!r.integer(b, QStringLiteral("walk"), bp, 0, 10000, &beat.walk, false)) return false;
    const QString vp = bp + beat.tab + QLatin1Char('.');
    const QJsonObject& v = beat.view;
    int n = 0;
    QString s;
    if (beat.tab == QLatin1String("attention")) {
      if (!r.choice(v, QStringLiteral("kind"), vp,
                    {QStringLiteral("bidirectional"), QStringLiteral("causal"), QStringLiteral("cross")}, &s, false) ||
          !r.integer(v, QStringLiteral("layer"), vp, 1, 64, &n, false) ||
          !r.choice(v, QStringLiteral("mode"), vp, {QStringLiteral("weights"), QStringLiteral("scores")}, &s, false))
        return false;
      if (v.contains(QStringLiteral("head")) && v.value(QStringLiteral("head")) != QStringLiteral("average") &&
          !r.integer(v, QStringLiteral("head"), vp, 1, 64, &n, true))
        return false;
    } else if (beat.tab == QLatin1String("decoding")) {
      auto tauOk = [](const QJsonValue& t) {
        return t.isUndefined() || t == QStringLiteral("inf") || (t.isDouble() && t.toDouble() >= 0 && t.toDouble() <= 3);
      };
      auto topPOk = [](const QJsonValue& t) { return t.isUndefined() || (t.isDouble() && t.toDouble() > 0 && t.toDouble() <= 1); };
      if (!tauOk(v.value(QStringLiteral("tau"))))
        return r.fail(vp + QStringLiteral("tau"), LessonTr::tr("a temperature from 0 to 3, or \"inf\"")), false;
      if (!r.integer(v, QStringLiteral("seed"), vp, 0, 1000000, &n, false) ||
          !r.integer(v, QStringLiteral("top_k"), vp, 0, 100000, &n, false) ||
          !r.integer(v, QStringLiteral("beam_width"), vp, 1, 64, &n, false))
        return false;
      if (!topPOk(v.value(QStringLiteral("top_p"))))
        return r.fail(vp + QStringLiteral("top_p"), LessonTr::tr("a number above 0 and at most 1")), false;
      // steps: how many tokens to decode, or each step with the sampler settings it was drawn with
      const QJsonValue steps = v.value(QStringLiteral("steps"));
      if (steps.isArray()) {
        const QJsonArray a = steps.toArray();
        if (a.size() > 4096) return r.fail(vp + QStringLiteral("steps"), LessonTr::tr("at most 4096 steps")), false;
        for (int k = 0; k < a.size(); ++k) {
          const QString sp = vp + QStringLiteral("steps[%1].").arg(k);
          const QJsonObject st = a[k].toObject();
          if (!a[k].isObject()) return r.fail(vp + QStringLiteral("steps[%1]").arg(k), LessonTr::tr("an object")), false;
          if (!tauOk(st.value(QStringLiteral("tau"))))
            return r.fail(sp + QStringLiteral("tau"), LessonTr::tr("a temperature from 0 to 3, or \"inf\"")), false;
          if (!topPOk(st.value(QStringLiteral("top_p"))))
            return r.fail(sp + QStringLiteral("top_p"), LessonTr::tr("a number above 0 and at most 1")), false;
          if (!r.integer(st, QStringLiteral("top_k"), sp, 0, 100000, &n, false)) return false;
        }
      } else if (!r.integer(v, QStringLiteral("steps"), vp, 0, 4096, &n, false)) {
        return false;
      }
    } else if (beat.tab == QLatin1String("algorithm")) {
      if (!r.integer(v, QStringLiteral("line"), vp, 1, 1000, &n, false) ||
          !r.integer(v, QStringLiteral("executed"), vp, 0, 1000000, &n, false))
        return false;
    } else if (beat.tab == QLatin1String("perturbation")) {
      if (!r.choice(v, QStringLiteral("replace"), vp, {QStringLiteral("source"), QStringLiteral("target")}, &s, false) ||
          !r.integer(v, QStringLiteral("position"), vp, 0, 4096, &n, false))
        return false;
    } else if (beat.tab == QLatin1String("masks")) {
      if (!r.integer(v, QStringLiteral("batch"), vp, 1, 32, &n, false) ||
          !r.integer(v, QStringLiteral("first"), vp, 1, 100000000, &n, false) ||
          !r.integer(v, QStringLiteral("example"), vp, 1, 32, &n, false))
        return false;
    }
    l.beats << beat;
    return true;
  };
  for (int i = 0; i < list.size(); ++i) {
    if (readBeat(i)) continue;
    l.skipped << r.error;
    r.error.clear();
  }
  if (l.beats.isEmpty()) {  // nothing to show: the first beat's reason
    r.error = l.skipped.value(0);
    return done();
  }
  return l;
}

QStringList builtinLessonIds() {
  return {QStringLiteral("reversal"), QStringLiteral("translation"), QStringLiteral("language-model"),
          QStringLiteral("why-the-mask"), QStringLiteral("hmm-to-transformer"),
          QStringLiteral("why-transformers-won"), QStringLiteral("a-real-translator")};
}

QByteArray lessonToJson(const Lesson& l) {
  QJsonObject o;
  o.insert(QStringLiteral("glassbox_lesson"), 1);
  if (!l.id.isEmpty()) o.insert(QStringLiteral("id"), l.id);
  o.insert(QStringLiteral("title"), l.titleText.isUndefined() || l.titleText.isNull() ? QJsonValue(l.title) : l.titleText);
  if (!l.summary.isEmpty())
    o.insert(QStringLiteral("summary"), l.summaryText.isUndefined() || l.summaryText.isNull() ? QJsonValue(l.summary) : l.summaryText);
  if (!l.picture.isEmpty())
    o.insert(QStringLiteral("picture"), l.pictureText.isUndefined() || l.pictureText.isNull() ? QJsonValue(l.picture) : l.pictureText);
  if (l.import) {
    QJsonObject io;
    if (!l.import->hub.isEmpty()) io.insert(QStringLiteral("hub"), l.import->hub);
    if (!l.import->folder.isEmpty()) io.insert(QStringLiteral("folder"), l.import->folder);
    if (!l.import->fallback.isEmpty()) io.insert(QStringLiteral("fallback"), l.import->fallback);
    o.insert(QStringLiteral("import"), io);
  }
  if (l.hasRecipe) {
    const LessonRecipe& re = l.recipe;
    QJsonObject rc;
    if (!re.task.isEmpty()) rc.insert(QStringLiteral("task"), re.task);
    if (!re.text.isEmpty()) rc.insert(QStringLiteral("text"), re.text);
    if (re.trainSize > 0) rc.insert(QStringLiteral("train"), re.trainSize);
    if (re.valSize > 0) rc.insert(QStringLiteral("val"), re.valSize);
    rc.insert(QStringLiteral("data_seed"), re.dataSeed);
    rc.insert(QStringLiteral("variant"), re.variant);
    rc.insert(QStringLiteral("preset"), re.preset);
    if (re.maxLen > 0) rc.insert(QStringLiteral("max_len"), re.maxLen);
    rc.insert(QStringLiteral("model_seed"), re.modelSeed);
    rc.insert(QStringLiteral("optimizer"), re.optimizer);
    rc.insert(QStringLiteral("steps"), re.steps);
    rc.insert(QStringLiteral("train_seed"), re.trainSeed);
    if (!re.compareFamilies.isEmpty())
      rc.insert(QStringLiteral("compare"),
                QJsonObject{{QStringLiteral("families"), QJsonArray::fromStringList(re.compareFamilies)},
                            {QStringLiteral("steps"), re.compareSteps},
                            {QStringLiteral("em_iterations"), re.compareEmIterations},
                            {QStringLiteral("temperature"), re.compareTemperature}});
    o.insert(QStringLiteral("recipe"), rc);
  }
  QJsonArray beats;
  for (const LessonBeat& b : l.beats) {
    QJsonObject bo;
    bo.insert(QStringLiteral("caption"), b.captionText.isUndefined() || b.captionText.isNull() ? QJsonValue(b.caption) : b.captionText);
    bo.insert(QStringLiteral("tab"), b.tab);
    if (!b.view.isEmpty()) bo.insert(b.tab, b.view);
    if (b.walk > 0) bo.insert(QStringLiteral("walk"), b.walk);
    beats.append(bo);
  }
  o.insert(QStringLiteral("beats"), beats);
  return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

QString builtinLessonPath(const QString& id) { return QStringLiteral(":/lessons/%1.json").arg(id); }

namespace {
QString settingsKey(const LessonImport& imp) {
  return QStringLiteral("lessons/checkpoints/") + QString(imp.hub).replace(QLatin1Char('/'), QLatin1String("--"));
}
bool isCheckpointFolder(const QString& dir) { return QFileInfo(dir + QStringLiteral("/config.json")).isFile(); }
}  // namespace

QString checkpointIn(const QString& folder) {
  if (isCheckpointFolder(folder)) return folder;
  // a repository folder of the hub's cache (models--ORG--NAME): its newest snapshot with a config.json
  for (const QFileInfo& s :
       QDir(folder + QStringLiteral("/snapshots")).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time))
    if (isCheckpointFolder(s.absoluteFilePath())) return s.absoluteFilePath();
  return {};
}

QString findCheckpoint(const LessonImport& imp, QStringList* searched) {
  QStringList places;
  auto found = [&](const QString& dir) {
    places << QDir::toNativeSeparators(dir);
    return isCheckpointFolder(dir);
  };
  QString result;
  if (!imp.folder.isEmpty()) {
    QString dir = imp.folder;
    if (dir.startsWith(QLatin1String("~/"))) dir = QDir::homePath() + dir.mid(1);
    else if (QDir::isRelativePath(dir) && !imp.base.isEmpty()) dir = imp.base + QLatin1Char('/') + dir;
    if (found(QDir::cleanPath(dir))) result = QDir::cleanPath(dir);
  }
  if (result.isEmpty() && !imp.hub.isEmpty()) {
    const QString chosen = QSettings().value(settingsKey(imp)).toString();
    if (!chosen.isEmpty() && found(chosen)) result = chosen;
  }
  if (result.isEmpty() && !imp.hub.isEmpty()) {
    QStringList caches;
    if (qEnvironmentVariableIsSet("HF_HUB_CACHE")) caches << qEnvironmentVariable("HF_HUB_CACHE");
    if (qEnvironmentVariableIsSet("HF_HOME")) caches << qEnvironmentVariable("HF_HOME") + QStringLiteral("/hub");
    caches << QDir::homePath() + QStringLiteral("/.cache/huggingface/hub");
    const QString repo = QStringLiteral("models--") + QString(imp.hub).replace(QLatin1Char('/'), QLatin1String("--"));
    for (const QString& cache : caches) {
      const QString snapshots = cache + QLatin1Char('/') + repo + QStringLiteral("/snapshots");
      places << QDir::toNativeSeparators(snapshots);
      // the newest snapshot that has a config.json
      const QFileInfoList list = QDir(snapshots).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
      for (const QFileInfo& s : list)
        if (isCheckpointFolder(s.absoluteFilePath())) {
          result = s.absoluteFilePath();
          break;
        }
      if (!result.isEmpty()) break;
    }
  }
  if (searched) *searched = places;
  return result;
}

void rememberCheckpoint(const LessonImport& imp, const QString& folder) {
  if (!imp.hub.isEmpty()) QSettings().setValue(settingsKey(imp), QFileInfo(folder).absoluteFilePath());
}

QString missingCheckpointText(const LessonImport& imp) {
  QStringList searched;
  findCheckpoint(imp, &searched);
  const QString name = imp.hub.isEmpty() ? imp.folder : imp.hub;
  QString text = LessonTr::tr("This lesson shows the real model %1, and it is not on this machine (looked in: %2).")
                     .arg(name, searched.join(QStringLiteral("; ")));
  if (!imp.hub.isEmpty()) {
    // the tokenizer's files of the kind the hub id names (Marian's opus-mt-*, GPT-2), else of both kinds
    const QString hub = imp.hub.toLower();
    const QString tokenizer =
        hub.contains(QLatin1String("opus-mt")) || hub.contains(QLatin1String("marian"))
            ? LessonTr::tr("the tokenizer's files vocab.json, source.spm and target.spm")
        : hub.contains(QLatin1String("gpt2")) || hub.contains(QLatin1String("gpt-2"))
            ? LessonTr::tr("the tokenizer's files vocab.json and merges.txt")
            : LessonTr::tr("the tokenizer's files (a translation model: vocab.json, source.spm, target.spm; GPT-2: "
                           "vocab.json, merges.txt)");
    text += QStringLiteral("\n\n") +
            LessonTr::tr("To get it: on a computer with internet, open https://huggingface.co/%1, “Files and versions”, "
                         "and download into one folder config.json, model.safetensors, generation_config.json and %2. "
                         "Copy the folder here and choose it; a model the transformers library downloaded is found in "
                         "~/.cache/huggingface/hub.")
                .arg(imp.hub, tokenizer);
  }
  return text;
}

std::optional<Lesson> lessonFromBytes(const QByteArray& bytes, const QString& language, const QString& where,
                                      QString* error) {
  // a model file (safetensors: an 8-byte header length, then its JSON header) that carries a lesson
  if (bytes.size() >= 9 && bytes[8] == '{' && bytes[0] != '{') {
    const std::string what = QFile::encodeName(where).toStdString();
    auto st = gb::parse_safetensors(bytes.toStdString(), what);
    if (!st) {
      if (error) *error = errorText(st.error());
      return std::nullopt;
    }
    auto m = gb::model_from_safetensors(*st, what);
    if (!m) {
      if (error) *error = errorText(m.error());
      return std::nullopt;
    }
    const auto it = m->extra.find(kLessonMetadataKey);
    if (it == m->extra.end()) {
      if (error) *error = LessonTr::tr("%1 is a model without a lesson: open it with File → Open.").arg(where);
      return std::nullopt;
    }
    auto l = parseLesson(QByteArray::fromStdString(it->second), language, where, error, /*withModel=*/true);
    if (l) l->modelFile = where;
    return l;
  }
  if (bytes.size() > kMaxLessonJsonBytes) {
    if (error) *error = LessonTr::tr("%1 is not a lesson file: it is larger than 16 MB.").arg(where);
    return std::nullopt;
  }
  return parseLesson(bytes, language, where, error);
}

std::optional<Lesson> loadLesson(const QString& nameOrPath, const QString& language, QString* error) {
  const bool builtin = builtinLessonIds().contains(nameOrPath);
  const QString path = builtin ? builtinLessonPath(nameOrPath) : nameOrPath;
  QFile f(path);
  if (!builtin && !QFileInfo(path).isFile()) {
    if (error)
      *error = LessonTr::tr("There is no lesson “%1”: neither a built-in one (%2) nor a file.")
                   .arg(nameOrPath, builtinLessonIds().join(QStringLiteral(", ")));
    return std::nullopt;
  }
  if (!f.open(QIODevice::ReadOnly)) {
    if (error) *error = LessonTr::tr("%1 cannot be read: %2.").arg(path, f.errorString());
    return std::nullopt;
  }
  const QByteArray head = f.peek(9);
  const bool modelFile = head.size() == 9 && head[8] == '{' && head[0] != '{';
  if (!modelFile && f.size() > kMaxLessonJsonBytes) {  // before reading it all
    if (error) *error = LessonTr::tr("%1 is not a lesson file: it is larger than 16 MB.").arg(path);
    return std::nullopt;
  }
  const QByteArray bytes = f.readAll();
  if (f.error() != QFileDevice::NoError) {
    if (error) *error = LessonTr::tr("%1 cannot be read: %2.").arg(path, f.errorString());
    return std::nullopt;
  }
  auto l = lessonFromBytes(bytes, language, builtin ? nameOrPath : path, error);
  if (l && modelFile) l->modelFile = path;
  if (l && l->id.isEmpty()) l->id = builtin ? nameOrPath : QFileInfo(path).completeBaseName();
  return l;
}

void localizeLesson(Lesson& lesson, const QString& language) {
  auto take = [&](const QJsonValue& text, QString& shown) {
    if (text.isString() || text.isObject()) shown = localized(text, language);
  };
  take(lesson.titleText, lesson.title);
  take(lesson.summaryText, lesson.summary);
  take(lesson.pictureText, lesson.picture);
  for (LessonBeat& b : lesson.beats) take(b.captionText, b.caption);
}
