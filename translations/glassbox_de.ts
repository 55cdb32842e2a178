<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AlgorithmPanel</name>
    <message>
        <source>Encoder-decoder: the source z (its target from the data becomes x). Decoder-only: x.</source>
        <translation>Encoder-Decoder: die Quelle z (ihr Ziel aus den Daten wird x). Nur Decoder: x.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Next line</source>
        <translation>Nächste Zeile</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>To the end</source>
        <translation>Bis zum Ende</translation>
    </message>
    <message>
        <source>To the start</source>
        <translation>Zum Anfang</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Build a model, then start: the seed&apos;s algorithm runs one line at a time.</source>
        <translation>Bauen Sie ein Modell und starten Sie: Der Algorithmus der Vorlage läuft Zeile für Zeile.</translation>
    </message>
    <message>
        <source>in scope</source>
        <translation>im Bereich</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Next line runs the marked line. Every matrix is d_e × n: one column per token, as the notes write it.</source>
        <translation>„Nächste Zeile“ führt die markierte Zeile aus. Jede Matrix ist d_e × n: eine Spalte pro Token, wie im Skript.</translation>
    </message>
    <message>
        <source>This input does not fit the model: %1</source>
        <translation>Diese Eingabe passt nicht zum Modell: %1</translation>
    </message>
    <message>
        <source>Start to run the listing on an input.</source>
        <translation>Starten Sie, um das Listing auf einer Eingabe auszuführen.</translation>
    </message>
    <message>
        <source>Next: line %1, layer l = %2.</source>
        <translation>Als Nächstes: Zeile %1, Schicht l = %2.</translation>
    </message>
    <message>
        <source>The algorithm has returned P: column t is the distribution of the token after position t.</source>
        <translation>Der Algorithmus hat P zurückgegeben: Spalte t ist die Verteilung des Tokens nach Position t.</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Ran: %1</source>
        <translation>Ausgeführt: %1</translation>
    </message>
    <message>
        <source>Nothing has run yet.</source>
        <translation>Noch nichts ausgeführt.</translation>
    </message>
    <message>
        <source>Click a variable in scope to see it.</source>
        <translation>Klicken Sie auf eine Variable, um sie zu sehen.</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>column: one per token</source>
        <translation>Spalte: eine pro Token</translation>
    </message>
    <message>
        <source>%1: %2 × %3</source>
        <translation>%1: %2 × %3</translation>
    </message>
    <message>
        <source>▷ Encoding the context sequence z</source>
        <translation>▷ Kodieren der Kontextsequenz z</translation>
    </message>
    <message>
        <source>▷ Decoding the primary sequence x</source>
        <translation>▷ Dekodieren der Primärsequenz x</translation>
    </message>
    <message>
        <source>encoder layer %1: %2</source>
        <translation>Encoder-Schicht %1: %2</translation>
    </message>
    <message>
        <source>decoder layer %1: %2</source>
        <translation>Decoder-Schicht %1: %2</translation>
    </message>
    <message>
        <source>Space starts the algorithm on the input.</source>
        <translation>Leertaste startet den Algorithmus auf der Eingabe.</translation>
    </message>
    <message>
        <source>The algorithm has returned P.</source>
        <translation>Der Algorithmus hat P zurückgegeben.</translation>
    </message>
    <message>
        <source>Next: line %1</source>
        <translation>Als Nächstes: Zeile %1</translation>
    </message>
    <message>
        <source>Double-click a line (or press Enter on it) to run until it is next</source>
        <translation>Doppelklick auf eine Zeile (oder Eingabetaste darauf): ausführen, bis sie als nächste dran ist</translation>
    </message>
    <message>
        <source>Listing of the algorithm</source>
        <translation>Listing des Algorithmus</translation>
    </message>
    <message>
        <source>Variables in scope</source>
        <translation>Variablen im Gültigkeitsbereich</translation>
    </message>
    <message>
        <source>Matrix of the variable</source>
        <translation>Matrix der Variablen</translation>
    </message>
    <message>
        <source>Start runs the listing on the input one line at a time (in presentation mode: Space).</source>
        <translation>Start führt das Listing Zeile für Zeile auf der Eingabe aus (im Präsentationsmodus: Leertaste).</translation>
    </message>
    <message>
        <source>Next: line %1.</source>
        <translation>Als Nächstes: Zeile %1.</translation>
    </message>
    <message>
        <source>The next line&apos;s result appears here.</source>
        <translation>Das Ergebnis der nächsten Zeile erscheint hier.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Running the listing: %1 of %2 lines executed… (Stop ends the run at the line it has reached.)</source>
        <translation>Das Listing läuft: %1 von %2 Zeilen ausgeführt … (Stopp beendet den Lauf an der erreichten Zeile.)</translation>
    </message>
    <message>
        <source>Column means and variances</source>
        <translation>Spaltenmittel und -varianzen</translation>
    </message>
    <message>
        <source>What the line made</source>
        <translation>Was die Zeile ergab</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Inside the line</source>
        <translation>In der Zeile</translation>
    </message>
    <message>
        <source>An attention line opens up here (Q, K, V, the scores, the mask, the weights); a layer norm shows its column means and variances.</source>
        <translation>Eine Aufmerksamkeitszeile öffnet sich hier (Q, K, V, die Scores, die Maske, die Gewichte); eine Schichtnormierung zeigt ihre Spaltenmittel und -varianzen.</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>mean μ_j</source>
        <translation>Mittel μ_j</translation>
    </message>
    <message>
        <source>variance σ²_j</source>
        <translation>Varianz σ²_j</translation>
    </message>
    <message>
        <source>Inside ColwiseLayerNorm: each column&apos;s mean μ_j and variance σ²_j, then (x − μ_j) / √(σ²_j + ε), scaled by γ and shifted by β.</source>
        <translation>In ColwiseLayerNorm: Mittel μ_j und Varianz σ²_j jeder Spalte, dann (x − μ_j) / √(σ²_j + ε), mit γ skaliert und um β verschoben.</translation>
    </message>
    <message>
        <source>▷ One token after another: h_j needs h_{j−1}</source>
        <translation>▷ Ein Token nach dem anderen: h_j braucht h_{j−1}</translation>
    </message>
    <message>
        <source>▷ Encoding z into one vector c</source>
        <translation>▷ z in einen einzigen Vektor c kodieren</translation>
    </message>
    <message>
        <source>▷ Decoding x from c</source>
        <translation>▷ x aus c dekodieren</translation>
    </message>
    <message>
        <source>▷ Decoding x from c, reading every g_i</source>
        <translation>▷ x aus c dekodieren und dabei jedes g_i lesen</translation>
    </message>
    <message>
        <source>▷ The filtered state distribution ᾱ_j = P(z_j | x_1..x_j)</source>
        <translation>▷ Die gefilterte Verteilung der Zustände ᾱ_j = P(z_j | x_1..x_j)</translation>
    </message>
    <message>
        <source>▷ The next token from the last one alone</source>
        <translation>▷ Das nächste Token allein aus dem letzten</translation>
    </message>
    <message>
        <source>source token i = %1: %2</source>
        <translation>Quelltoken i = %1: %2</translation>
    </message>
    <message>
        <source>token j = %1: %2</source>
        <translation>Token j = %1: %2</translation>
    </message>
    <message>
        <source>Next line runs the marked line: the loop runs once per token, one after another, and each line shows what the forward pass computed at that token (H, G, A and P collect the columns so far).</source>
        <translation>„Nächste Zeile“ führt die markierte Zeile aus: Die Schleife läuft einmal je Token, eines nach dem anderen, und jede Zeile zeigt, was der Vorwärtsdurchlauf bei diesem Token berechnet hat (H, G, A und P sammeln die bisherigen Spalten).</translation>
    </message>
    <message>
        <source>Next: line %1, source token i = %2.</source>
        <translation>Als Nächstes: Zeile %1, Quelltoken i = %2.</translation>
    </message>
    <message>
        <source>Next: line %1, token j = %2.</source>
        <translation>Als Nächstes: Zeile %1, Token j = %2.</translation>
    </message>
    <message>
        <source>▷ Viterbi: the most probable path of states z*</source>
        <translation>▷ Viterbi: der wahrscheinlichste Pfad der Zustände z*</translation>
    </message>
    <message>
        <source>state k</source>
        <translation>Zustand k</translation>
    </message>
    <message>
        <source>when c_j = 0: x_j read as missing</source>
        <translation>wenn c_j = 0: x_j als fehlend gelesen</translation>
    </message>
    <message>
        <source>π if j = 1, else</source>
        <translation>π wenn j = 1, sonst</translation>
    </message>
    <message>
        <source>] and z*</source>
        <translation>] und z*</translation>
    </message>
    <message>
        <source>Next: line %1, source token i = %2 (“%3”).</source>
        <translation>Als Nächstes: Zeile %1, Quelltoken i = %2 („%3“).</translation>
    </message>
    <message>
        <source>Next: line %1, token j = %2 (“%3”).</source>
        <translation>Als Nächstes: Zeile %1, Token j = %2 („%3“).</translation>
    </message>
    <message>
        <source>%1: %2 × %3, from line %4 (the line just run made no matrix)</source>
        <translation>%1: %2 × %3, aus Zeile %4 (die eben ausgeführte Zeile hat keine Matrix erzeugt)</translation>
    </message>
</context>
<context>
    <name>AttentionOpenedView</name>
    <message>
        <source>head </source>
        <translation>Kopf </translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>Head of the attention opened up</source>
        <translation>Kopf der geöffneten Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Run an attention line to open it up.</source>
        <translation>Führen Sie eine Aufmerksamkeitszeile aus, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>query %1 (%2) → key %3 (%4)</source>
        <translation>Query %1 (%2) → Key %3 (%4)</translation>
    </message>
    <message>
        <source>column %1 reads “%2” and predicts “%3”</source>
        <translation>Spalte %1 liest „%2“ und sagt „%3“ vorher</translation>
    </message>
    <message>
        <source>masked: this query may not look at this key, its weight is 0</source>
        <translation>maskiert: Diese Query darf diesen Key nicht sehen, ihr Gewicht ist 0</translation>
    </message>
    <message>
        <source>dot product kᵀq = %1</source>
        <translation>Skalarprodukt kᵀq = %1</translation>
    </message>
    <message>
        <source>scaled by 1/√d_h = 1/√%1: s = %2</source>
        <translation>skaliert mit 1/√d_h = 1/√%1: s = %2</translation>
    </message>
    <message>
        <source>exp(s − max) = exp(%1 − %2) = %3</source>
        <translation>exp(s − max) = exp(%1 − %2) = %3</translation>
    </message>
    <message>
        <source>softmax denominator Σ exp(s − max) over the column = %1</source>
        <translation>Nenner des Softmax Σ exp(s − max) über die Spalte = %1</translation>
    </message>
    <message>
        <source>weight = %1 / %2 = %3</source>
        <translation>Gewicht = %1 / %2 = %3</translation>
    </message>
    <message>
        <source>%1→%2</source>
        <translation>%1→%2</translation>
    </message>
    <message>
        <source>Q: d_h × queries</source>
        <translation>Q: d_h × Queries</translation>
    </message>
    <message>
        <source>K: d_h × keys</source>
        <translation>K: d_h × Keys</translation>
    </message>
    <message>
        <source>V: d_h × keys</source>
        <translation>V: d_h × Keys</translation>
    </message>
    <message>
        <source>Y = V·A: d_h × queries</source>
        <translation>Y = V·A: d_h × Queries</translation>
    </message>
    <message>
        <source>KᵀQ: keys × queries</source>
        <translation>KᵀQ: Keys × Queries</translation>
    </message>
    <message>
        <source>S = KᵀQ / √%1</source>
        <translation>S = KᵀQ / √%1</translation>
    </message>
    <message>
        <source>mask: t_z ≤ t_x</source>
        <translation>Maske: t_z ≤ t_x</translation>
    </message>
    <message>
        <source>mask: all ones</source>
        <translation>Maske: alles Einsen</translation>
    </message>
    <message>
        <source>A = softmax(S) per column</source>
        <translation>A = softmax(S) je Spalte</translation>
    </message>
    <message>
        <source>masked self-attention</source>
        <translation>maskierte Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>Kreuzaufmerksamkeit</translation>
    </message>
    <message>
        <source>bidirectional self-attention</source>
        <translation>bidirektionale Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Head %1 of %2, %3: Y = V·softmax(mask(KᵀQ / √d_h)), d_h = %4. Keys run down, queries across.</source>
        <translation>Kopf %1 von %2, %3: Y = V·softmax(mask(KᵀQ / √d_h)), d_h = %4. Keys nach unten, Queries nach rechts.</translation>
    </message>
    <message>
        <source>Query column j reads xⱼ and predicts xⱼ₊₁ (labelled “reads→predicts”).</source>
        <translation>Query-Spalte j liest xⱼ und sagt xⱼ₊₁ vorher (beschriftet „liest→sagt vorher“).</translation>
    </message>
    <message>
        <source>Purple above 0, orange below, white 0; hover a weight to see how it is made.</source>
        <translation>Violett über 0, orange darunter, weiß 0; mit der Maus über einem Gewicht sehen Sie, wie es entsteht.</translation>
    </message>
</context>
<context>
    <name>AttentionPanel</name>
    <message>
        <source>Type an input, or pick one from the validation data</source>
        <translation>Eine Eingabe tippen oder eine aus den Validierungsdaten wählen</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Scores before softmax</source>
        <translation>Scores vor dem Softmax</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>All layers (rows) × heads (columns) — click one to enlarge it</source>
        <translation>Alle Schichten (Zeilen) × Köpfe (Spalten) – zum Vergrößern anklicken</translation>
    </message>
    <message>
        <source>Build a model to see its attention.</source>
        <translation>Bauen Sie ein Modell, um seine Aufmerksamkeit zu sehen.</translation>
    </message>
    <message>
        <source>Encoder self-attention (bidirectional)</source>
        <translation>Encoder-Selbstaufmerksamkeit (bidirektional)</translation>
    </message>
    <message>
        <source>Decoder masked self-attention (M_uni)</source>
        <translation>Maskierte Decoder-Selbstaufmerksamkeit (M_uni)</translation>
    </message>
    <message>
        <source>Cross-attention (decoder → encoder)</source>
        <translation>Kreuzaufmerksamkeit (Decoder → Encoder)</translation>
    </message>
    <message>
        <source>Masked self-attention (M_uni)</source>
        <translation>Maskierte Selbstaufmerksamkeit (M_uni)</translation>
    </message>
    <message>
        <source>This probe does not fit the model.</source>
        <translation>Diese Probe passt nicht zum Modell.</translation>
    </message>
    <message>
        <source>average</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>The causal mask M_uni[t_z, t_x] = [t_z ≤ t_x]: a query sees itself and earlier tokens.</source>
        <translation>Die kausale Maske M_uni[t_z, t_x] = [t_z ≤ t_x]: Eine Query sieht sich selbst und frühere Tokens.</translation>
    </message>
    <message>
        <source>The cross mask is all ones: every target position may read every source token.</source>
        <translation>Die Kreuzmaske besteht nur aus Einsen: Jede Zielposition darf jedes Quelltoken lesen.</translation>
    </message>
    <message>
        <source>The bidirectional mask is all ones: every source token sees every other.</source>
        <translation>Die bidirektionale Maske besteht nur aus Einsen: Jedes Quelltoken sieht jedes andere.</translation>
    </message>
    <message>
        <source>Probe: %1 → %2. Each column (a query) sums to 1. Layer %3, %4.</source>
        <translation>Probe: %1 → %2. Jede Spalte (eine Query) summiert sich zu eins. Schicht %3, %4.</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>average over the heads</source>
        <translation>Mittel über die Köpfe</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>Schicht %1, Kopf %2</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Key t_z</translation>
    </message>
    <message>
        <source>query t_x</source>
        <translation>Query t_x</translation>
    </message>
    <message>
        <source>Previous head</source>
        <translation>Vorheriger Kopf</translation>
    </message>
    <message>
        <source>Next head</source>
        <translation>Nächster Kopf</translation>
    </message>
    <message>
        <source>Attention kind</source>
        <translation>Art der Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Weights or scores</source>
        <translation>Gewichte oder Scores</translation>
    </message>
    <message>
        <source>Attention map</source>
        <translation>Aufmerksamkeitskarte</translation>
    </message>
    <message>
        <source>Attention mask</source>
        <translation>Aufmerksamkeitsmaske</translation>
    </message>
    <message>
        <source>Attention of layer %1, head %2</source>
        <translation>Aufmerksamkeit von Schicht %1, Kopf %2</translation>
    </message>
    <message>
        <source>Tracing the forward pass…</source>
        <translation>Der Vorwärtsdurchlauf wird aufgezeichnet …</translation>
    </message>
    <message>
        <source>Trace progress</source>
        <translation>Fortschritt der Aufzeichnung</translation>
    </message>
    <message>
        <source>Cancel the trace</source>
        <translation>Aufzeichnung abbrechen</translation>
    </message>
    <message>
        <source>The trace was cancelled; the maps show the parameters of an earlier trace.</source>
        <translation>Die Aufzeichnung wurde abgebrochen; die Karten zeigen die Parameter einer früheren Aufzeichnung.</translation>
    </message>
    <message>
        <source>The trace was cancelled: no attention to show for this probe.</source>
        <translation>Die Aufzeichnung wurde abgebrochen: Für diese Probe gibt es keine Aufmerksamkeit zu zeigen.</translation>
    </message>
    <message>
        <source>Below the attention map</source>
        <translation>Unter der Aufmerksamkeitskarte</translation>
    </message>
    <message>
        <source>All layers × heads</source>
        <translation>Alle Schichten × Köpfe</translation>
    </message>
    <message>
        <source>Opened up</source>
        <translation>Geöffnet</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Encoder-Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Kreuzaufmerksamkeit</translation>
    </message>
    <message>
        <source>Masked self-attention</source>
        <translation>Maskierte Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>layer %1/%2 · %3</source>
        <translation>Schicht %1/%2 · %3</translation>
    </message>
    <message>
        <source>head %1/%2</source>
        <translation>Kopf %1/%2</translation>
    </message>
    <message>
        <source>mean of the heads</source>
        <translation>Ø Köpfe</translation>
    </message>
    <message>
        <source>◀ head</source>
        <translation>◀ Kopf</translation>
    </message>
    <message>
        <source>head ▶</source>
        <translation>Kopf ▶</translation>
    </message>
    <message>
        <source>Probe: %1. Each column (a query) sums to 1. Layer %2, %3.</source>
        <translation>Probe: %1. Jede Spalte (eine Query) summiert sich zu eins. Schicht %2, %3.</translation>
    </message>
</context>
<context>
    <name>BackgroundJob</name>
    <message>
        <source>Work on a view</source>
        <translation>Die Arbeit an einer Ansicht</translation>
    </message>
</context>
<context>
    <name>BeamTreeView</name>
    <message>
        <source>Beam search tree</source>
        <translation>Baum der Beam-Suche</translation>
    </message>
    <message>
        <source>%1 levels, %2 candidates, %3 pruned</source>
        <translation>%1 Ebenen, %2 Kandidaten, %3 verworfen</translation>
    </message>
    <message>
        <source>“%1” at level %2: log p = %3, Σ log p = %4, score / length^α = %5</source>
        <translation>„%1“ auf Ebene %2: log p = %3, Σ log p = %4, Punktzahl / Länge^α = %5</translation>
    </message>
    <message>
        <source>pruned: not among the B best of its level</source>
        <translation>verworfen: nicht unter den B besten seiner Ebene</translation>
    </message>
    <message>
        <source>kept: among the B best of its level</source>
        <translation>behalten: unter den B besten seiner Ebene</translation>
    </message>
    <message>
        <source>finished: ended by &lt;eos&gt;</source>
        <translation>fertig: durch &lt;eos&gt; beendet</translation>
    </message>
    <message>
        <source>on the winner&apos;s path</source>
        <translation>auf dem Pfad des Gewinners</translation>
    </message>
    <message>
        <source>Beam search draws its tree here: press Beam search.</source>
        <translation>Die Beam-Suche zeichnet hier ihren Baum: Beam-Suche drücken.</translation>
    </message>
    <message>
        <source>%1 · Σ %2</source>
        <translation>%1 · Σ %2</translation>
    </message>
</context>
<context>
    <name>BuildModel</name>
    <message>
        <source>Building the model…</source>
        <translation>Das Modell wird gebaut …</translation>
    </message>
    <message>
        <source>Another operation is running; try again when it has ended.</source>
        <translation>Eine andere Aktion läuft; versuchen Sie es erneut, wenn sie beendet ist.</translation>
    </message>
    <message>
        <source>Building was cancelled: the open model is unchanged.</source>
        <translation>Das Bauen wurde abgebrochen: Das offene Modell ist unverändert.</translation>
    </message>
</context>
<context>
    <name>BusyRow</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>CompareController</name>
    <message>
        <source>The comparison ran out of memory: compare fewer families, or smaller data.</source>
        <translation>Dem Vergleich ging der Speicher aus: Vergleichen Sie weniger Familien oder kleinere Daten.</translation>
    </message>
    <message>
        <source>Choose at least one family to train.</source>
        <translation>Wählen Sie mindestens eine Familie zum Trainieren.</translation>
    </message>
    <message>
        <source>Load data first: a built-in task or a file.</source>
        <translation>Laden Sie zuerst Daten: eine eingebaute Aufgabe oder eine Datei.</translation>
    </message>
    <message>
        <source>%1 reads numbers, not tokens: it cannot be compared on this data.</source>
        <translation>%1 liest Zahlen, keine Tokens: Es kann auf diesen Daten nicht verglichen werden.</translation>
    </message>
    <message>
        <source>%1 reads a source and a target: plain text has no pairs. Leave it out, or load a task.</source>
        <translation>%1 liest eine Quelle und ein Ziel: Reiner Text hat keine Paare. Lassen Sie es weg oder laden Sie eine Aufgabe.</translation>
    </message>
    <message>
        <source>%1: training diverged at step %2.</source>
        <translation>%1: Das Training ist in Schritt %2 divergiert.</translation>
    </message>
    <message>
        <source>The data has no validation pairs.</source>
        <translation>Die Daten haben keine Validierungspaare.</translation>
    </message>
    <message>
        <source>%1 with attention</source>
        <translation>%1 mit Aufmerksamkeit</translation>
    </message>
    <message>
        <source>The data has no validation examples: the comparison measures each family on them.</source>
        <translation>Die Daten haben keine Validierungsbeispiele: Der Vergleich misst jede Familie an ihnen.</translation>
    </message>
    <message>
        <source>The data holds observations (numbers): the families compared here predict tokens. Load a text task or a text file in the Data dock.</source>
        <translation>Die Daten enthalten Beobachtungen (Zahlen): Die hier verglichenen Familien sagen Tokens vorher. Laden Sie eine Textaufgabe oder eine Textdatei im Daten-Dock.</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <source>Steps each</source>
        <translation>Schritte je Modell</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel the comparison</source>
        <translation>Den Vergleich abbrechen</translation>
    </message>
    <message>
        <source>Progress of the comparison</source>
        <translation>Fortschritt des Vergleichs</translation>
    </message>
    <message>
        <source>loss J</source>
        <translation>Verlust J</translation>
    </message>
    <message>
        <source>Cross-attention of the encoder-decoder</source>
        <translation>Kreuzaufmerksamkeit des Encoder-Decoders</translation>
    </message>
    <message>
        <source>Self-attention of the decoder-only model</source>
        <translation>Selbstaufmerksamkeit des Nur-Decoder-Modells</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Done. The encoder-decoder&apos;s target column reads the source through cross-attention; the decoder-only model&apos;s columns after “&gt;” read the source in the same sequence, causally.</source>
        <translation>Fertig. Die Zielspalte des Encoder-Decoders liest die Quelle über die Kreuzaufmerksamkeit; die Spalten des Nur-Decoder-Modells nach „&gt;“ lesen die Quelle in derselben Folge, kausal.</translation>
    </message>
    <message>
        <source>Head of the last layer shown in both maps</source>
        <translation>Kopf der letzten Schicht, den beide Karten zeigen</translation>
    </message>
    <message>
        <source>Which head of the last layer both maps show (the head that carries the source to the target is not always the first)</source>
        <translation>Welchen Kopf der letzten Schicht beide Karten zeigen (der Kopf, der die Quelle zum Ziel trägt, ist nicht immer der erste)</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>Encoder-decoder: cross-attention, last layer, head %1</source>
        <translation>Encoder-Decoder: Kreuzaufmerksamkeit, letzte Schicht, Kopf %1</translation>
    </message>
    <message>
        <source>Decoder-only: masked self-attention over source&gt;target, last layer, head %1</source>
        <translation>Nur Decoder: maskierte Selbstaufmerksamkeit über Quelle&gt;Ziel, letzte Schicht, Kopf %1</translation>
    </message>
    <message>
        <source>A family trained by EM (the HMM) takes whole passes over the data, not steps on a batch: its iterations</source>
        <translation>Eine mit EM trainierte Familie (das HMM) macht ganze Durchläufe über die Daten, keine Schritte auf einem Batch: ihre Iterationen</translation>
    </message>
    <message>
        <source>EM iterations</source>
        <translation>EM-Iterationen</translation>
    </message>
    <message>
        <source>Train and compare</source>
        <translation>Trainieren und vergleichen</translation>
    </message>
    <message>
        <source>The loaded data, trained as each chosen family: the same pairs (or text), comparable sizes, each family&apos;s own recipe, one step of each in turn</source>
        <translation>Die geladenen Daten, mit jeder gewählten Familie trainiert: dieselben Paare (oder derselbe Text), vergleichbare Größen, das eigene Rezept jeder Familie, abwechselnd ein Schritt von jeder</translation>
    </message>
    <message>
        <source>Families:</source>
        <translation>Familien:</translation>
    </message>
    <message>
        <source>Compare %1</source>
        <translation>%1 vergleichen</translation>
    </message>
    <message>
        <source>Loss of the compared families</source>
        <translation>Verlust der verglichenen Familien</translation>
    </message>
    <message>
        <source>The data changed, so the comparison was put away. Train the chosen families on the data now loaded.</source>
        <translation>Die Daten haben sich geändert, daher wurde der Vergleich weggelegt. Trainieren Sie die gewählten Familien auf den jetzt geladenen Daten.</translation>
    </message>
    <message>
        <source>The task is now “%1”, so the comparison of another task was put away: train them again.</source>
        <translation>Die Aufgabe ist jetzt „%1“, daher wurde der Vergleich einer anderen Aufgabe weggelegt: Trainieren Sie sie erneut.</translation>
    </message>
    <message>
        <source>Load a built-in task or a text, choose the families, then train them side by side: the same data, comparable sizes, one step of each in turn. The encoder-decoder reads the source with its encoder; the decoder-only model reads source&gt;target as one sequence.</source>
        <translation>Laden Sie eine eingebaute Aufgabe oder einen Text, wählen Sie die Familien und trainieren Sie sie nebeneinander: dieselben Daten, vergleichbare Größen, abwechselnd ein Schritt von jeder. Der Encoder-Decoder liest die Quelle mit seinem Encoder; das Nur-Decoder-Modell liest Quelle&gt;Ziel als eine Sequenz.</translation>
    </message>
    <message>
        <source>%1 reads a source and a target: the loaded text has no pairs.</source>
        <translation>%1 liest eine Quelle und ein Ziel: Der geladene Text hat keine Paare.</translation>
    </message>
    <message>
        <source>The comparison trains the loaded data: load a built-in task or a file in the Data dock first.</source>
        <translation>Der Vergleich trainiert auf den geladenen Daten: Laden Sie zuerst im Daten-Dock eine eingebaute Aufgabe oder eine Datei.</translation>
    </message>
    <message>
        <source>Choose at least one family to train.</source>
        <translation>Wählen Sie mindestens eine Familie zum Trainieren.</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>Familie</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>ms per step</source>
        <translation>ms pro Schritt</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>Sample at τ = %1</source>
        <translation>Gezogener Text bei τ = %1</translation>
    </message>
    <message>
        <source>Greedy decoding</source>
        <translation>Gierige Dekodierung</translation>
    </message>
    <message>
        <source>All trained on the same text; validation loss is the mean −log P per predicted token on its last part, the same units for every family.</source>
        <translation>Alle auf demselben Text trainiert; der Validierungsverlust ist das mittlere −log P je vorhergesagtem Token auf seinem letzten Teil, in denselben Einheiten für jede Familie.</translation>
    </message>
    <message>
        <source>the file</source>
        <translation>der Datei</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Done: %1 families compared.</source>
        <translation>Fertig: %1 Familien verglichen.</translation>
    </message>
    <message>
        <source>%1 (%2 EM iterations)</source>
        <translation>%1 (%2 EM-Iterationen)</translation>
    </message>
    <message>
        <source>%1 an iteration</source>
        <translation>%1 je Iteration</translation>
    </message>
    <message>
        <source>Exact match against the source&apos;s length, each compared family</source>
        <translation>Exakte Treffer gegen die Länge der Quelle, für jede verglichene Familie</translation>
    </message>
    <message>
        <source>exact match</source>
        <translation>exakte Treffer</translation>
    </message>
    <message>
        <source>The RNN encoder-decoder whose decoder reads a weighted sum of all the encoder&apos;s states at each step (Bahdanau et al. 2015): the bridge from one vector c to attention</source>
        <translation>Der RNN-Encoder-Decoder, dessen Decoder in jedem Schritt eine gewichtete Summe aller Zustände des Encoders liest (Bahdanau et al. 2015): die Brücke von einem Vektor c zur Aufmerksamkeit</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>Time per training step against the source&apos;s length, each compared family</source>
        <translation>Zeit pro Trainingsschritt gegen die Länge der Quelle, für jede verglichene Familie</translation>
    </message>
    <message>
        <source>ms per training step</source>
        <translation>ms pro Trainingsschritt</translation>
    </message>
    <message>
        <source>n (tokens)</source>
        <translation>n (Tokens)</translation>
    </message>
    <message>
        <source>Training %1 on the same data, %2 steps each (EM: %8 iterations), one step of each in turn (transformers: L = %3, H = %4, d_e = %5, d_mlp = %6; RNNs: d_e = %5 and d_h for as many parameters as the transformer&apos;s; HMM: K = %7)…</source>
        <translation>%1 werden auf denselben Daten trainiert, je %2 Schritte (EM: %8 Iterationen), abwechselnd ein Schritt von jedem (Transformer: L = %3, H = %4, d_e = %5, d_mlp = %6; RNNs: d_e = %5 und d_h für so viele Parameter wie der Transformer; HMM: K = %7) …</translation>
    </message>
    <message>
        <source>What the comparison shows</source>
        <translation>Was der Vergleich zeigt</translation>
    </message>
    <message>
        <source>Curves and table</source>
        <translation>Kurven und Tabelle</translation>
    </message>
    <message>
        <source>Attention maps</source>
        <translation>Aufmerksamkeitskarten</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Steps in sequence, n&#xa0;=&#xa0;%1</source>
        <translation>Schritte nacheinander, n&#xa0;=&#xa0;%1</translation>
    </message>
    <message>
        <source>step (or EM iteration)</source>
        <translation>Schritt (oder EM-Iteration)</translation>
    </message>
    <message>
        <source>%1 (→)</source>
        <translation>%1 (→)</translation>
    </message>
    <message>
        <source>All trained on the same %1 pairs of “%2”; the probe: “%3”. Validation loss: mean −log P per predicted token of the validation pairs as each family lays them out. ms per step: the comparison&apos;s own steps, on the data&apos;s lengths (the time chart: a step at each source length n).</source>
        <translation>Alle auf denselben %1 Paaren von „%2“ trainiert; die Probe: „%3“. Validierungsverlust: mittleres −log P je vorhergesagtem Token der Validierungspaare, so wie jede Familie sie anordnet. ms pro Schritt: die eigenen Schritte des Vergleichs, bei den Längen der Daten (das Zeitdiagramm: ein Schritt je Länge n der Quelle).</translation>
    </message>
</context>
<context>
    <name>DataChoice</name>
    <message>
        <source>Could not prepare the task “%1” — the data you had is still there.
%2</source>
        <translation>Die Aufgabe „%1“ konnte nicht vorbereitet werden – Ihre bisherigen Daten sind noch da.
%2</translation>
    </message>
    <message>
        <source>Preparing the task “%1”…</source>
        <translation>Die Aufgabe „%1“ wird vorbereitet …</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen …</translation>
    </message>
    <message>
        <source>the task “%1”</source>
        <translation>der Aufgabe „%1“</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled; the data you had is still there.</source>
        <translation>Das Laden von %1 wurde abgebrochen; Ihre bisherigen Daten sind noch da.</translation>
    </message>
    <message>
        <source>Could not load the file — the data you had is still there.
%1</source>
        <translation>Die Datei konnte nicht geladen werden — Ihre bisherigen Daten sind noch da.
%1</translation>
    </message>
</context>
<context>
    <name>DataLoader</name>
    <message>
        <source>There is not enough memory to load this data.</source>
        <translation>Es ist nicht genug Arbeitsspeicher frei, um diese Daten zu laden.</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>Load task</source>
        <translation>Aufgabe laden</translation>
    </message>
    <message>
        <source>No data yet.</source>
        <translation>Noch keine Daten.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Training examples</source>
        <translation>Trainingsbeispiele</translation>
    </message>
    <message>
        <source>Validation examples</source>
        <translation>Validierungsbeispiele</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>Vocabulary (token: count)</source>
        <translation>Vokabular (Token: Anzahl)</translation>
    </message>
    <message>
        <source>The data&apos;s natural one</source>
        <translation>Die natürliche der Daten</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>Zeichen</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Wörter</translation>
    </message>
    <message>
        <source>Byte-pair encoding (BPE)</source>
        <translation>Byte-Pair-Encoding (BPE)</translation>
    </message>
    <message>
        <source>How text becomes tokens. Tasks: letters are characters, sentences are words. Files: characters unless chosen here.</source>
        <translation>Wie Text zu Tokens wird. Aufgaben: Buchstaben sind Zeichen, Sätze Wörter. Dateien: Zeichen, sofern hier nichts anderes gewählt ist.</translation>
    </message>
    <message>
        <source>A built-in task</source>
        <translation>Eine eingebaute Aufgabe</translation>
    </message>
    <message>
        <source>Open data file…</source>
        <translation>Datendatei öffnen…</translation>
    </message>
    <message>
        <source>TSV or CSV: one source–target pair a line. Any other file: plain text for a decoder-only language model.</source>
        <translation>TSV oder CSV: ein Quelle–Ziel-Paar pro Zeile. Jede andere Datei: reiner Text für ein Nur-Decoder-Sprachmodell.</translation>
    </message>
    <message>
        <source>Longer pairs are left out (and counted); text is cut into pieces of this length.</source>
        <translation>Längere Paare werden ausgelassen (und gezählt); Text wird in Stücke dieser Länge geschnitten.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>ℓ_max for the file</source>
        <translation>ℓ_max für die Datei</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>Open data file</source>
        <translation>Datendatei öffnen</translation>
    </message>
    <message>
        <source>Pairs (*.tsv *.csv);;Text (*.txt);;All files (*)</source>
        <translation>Paare (*.tsv *.csv);;Text (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>From %1.</source>
        <translation>Aus %1.</translation>
    </message>
    <message>
        <source>Malformed records skipped: %1</source>
        <translation>Fehlerhafte Datensätze übersprungen: %1</translation>
    </message>
    <message>
        <source>  line %1: %2</source>
        <translation>  Zeile %1: %2</translation>
    </message>
    <message>
        <source>  …</source>
        <translation>  …</translation>
    </message>
    <message>
        <source>No malformed records.</source>
        <translation>Keine fehlerhaften Datensätze.</translation>
    </message>
    <message>
        <source>Examples longer than ℓ_max = %1 left out: %2 (the longest had %3 tokens).</source>
        <translation>Beispiele länger als ℓ_max = %1 ausgelassen: %2 (das längste hatte %3 Tokens).</translation>
    </message>
    <message>
        <source>Pieces not in the vocabulary, now &lt;unk&gt;: %1</source>
        <translation>Stücke außerhalb des Vokabulars, jetzt &lt;unk&gt;: %1</translation>
    </message>
    <message>
        <source>Vocabulary (token: count): the %1 most frequent of %2 tokens</source>
        <translation>Vokabular (Token: Anzahl): die %1 häufigsten von %2 Tokens</translation>
    </message>
    <message>
        <source>A file (TSV, CSV or text)</source>
        <translation>Eine Datei (TSV, CSV oder Text)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Data seed</source>
        <translation>Startwert der Daten</translation>
    </message>
    <message>
        <source>Maximum length ℓ_max for the file</source>
        <translation>Höchstlänge ℓ_max für die Datei</translation>
    </message>
    <message>
        <source>Reading the data file</source>
        <translation>Lesen der Datendatei</translation>
    </message>
    <message>
        <source>A numbers file (one observation a line)</source>
        <translation>Eine Zahlendatei (eine Beobachtung pro Zeile)</translation>
    </message>
    <message>
        <source>One observation per line, its numbers separated by spaces or commas; a blank line between sequences.</source>
        <translation>Eine Beobachtung pro Zeile, ihre Zahlen durch Leerzeichen oder Kommas getrennt; eine Leerzeile zwischen Sequenzen.</translation>
    </message>
    <message>
        <source>Numbers (*.txt *.csv *.tsv *.dat);;All files (*)</source>
        <translation>Zahlen (*.txt *.csv *.tsv *.dat);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 steps: %2</source>
        <translation>%1 Schritte: %2</translation>
    </message>
    <message>
        <source>An imported model reads text with its own tokenizer.</source>
        <translation>Ein importiertes Modell liest Text mit seinem eigenen Tokenizer.</translation>
    </message>
    <message>
        <source>From the lesson&apos;s text %1.</source>
        <translation>Aus dem Text der Lektion, %1.</translation>
    </message>
</context>
<context>
    <name>DecodingController</name>
    <message>
        <source>Type a source sentence to translate (or pick one).</source>
        <translation>Geben Sie einen Quellsatz ein (oder wählen Sie einen).</translation>
    </message>
    <message>
        <source>Start decoding first.</source>
        <translation>Starten Sie zuerst das Dekodieren.</translation>
    </message>
    <message>
        <source>Decoding has ended: &lt;eos&gt; was chosen, or x is ℓ_max tokens long.</source>
        <translation>Das Dekodieren ist beendet: &lt;eos&gt; wurde gewählt, oder x ist ℓ_max Tokens lang.</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>%1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>the name must end in .csv or .json</source>
        <translation>der Name muss auf .csv oder .json enden</translation>
    </message>
    <message>
        <source>There is no decoding history to save: decode a token or more first.</source>
        <translation>Es gibt noch keinen Dekodierverlauf zum Speichern: Dekodieren Sie zuerst ein oder mehrere Tokens.</translation>
    </message>
    <message>
        <source>To the end was cancelled: the sequence is as it was.</source>
        <translation>„Bis zum Ende“ wurde abgebrochen: Die Folge ist unverändert.</translation>
    </message>
    <message>
        <source>The beam search was cancelled.</source>
        <translation>Die Beam-Suche wurde abgebrochen.</translation>
    </message>
    <message>
        <source>forced at step %1</source>
        <translation>erzwungen bei Schritt %1</translation>
    </message>
    <message>
        <source>greedy (τ = 0)</source>
        <translation>gierig (τ = 0)</translation>
    </message>
    <message>
        <source>sampled</source>
        <translation>gezogen</translation>
    </message>
    <message>
        <source>beam search</source>
        <translation>Beam-Suche</translation>
    </message>
    <message>
        <source>That branch is not there any more.</source>
        <translation>Diesen Zweig gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>Wait for the decoding to finish, or cancel it.</source>
        <translation>Warten Sie, bis das Dekodieren fertig ist, oder brechen Sie es ab.</translation>
    </message>
    <message>
        <source>That branch cannot be taken again with these parameters.</source>
        <translation>Dieser Zweig lässt sich mit diesen Parametern nicht noch einmal gehen.</translation>
    </message>
    <message>
        <source>The comparison was cancelled: no branch was added.</source>
        <translation>Der Vergleich wurde abgebrochen: Es wurde kein Zweig hinzugefügt.</translation>
    </message>
    <message>
        <source>Going to the branch was cancelled: the sequence is as it was.</source>
        <translation>Der Wechsel zum Zweig wurde abgebrochen: Die Folge ist wie zuvor.</translation>
    </message>
    <message>
        <source>Build (and train) a model, then start decoding.</source>
        <translation>Bauen (und trainieren) Sie ein Modell, dann starten Sie das Dekodieren.</translation>
    </message>
</context>
<context>
    <name>DecodingPanel</name>
    <message>
        <source>Encoder-decoder: the source z. Decoder-only: the prompt. Type one, or pick one from the validation data.</source>
        <translation>Encoder-Decoder: die Quelle z. Nur Decoder: der Prompt. Tippen Sie einen ein oder wählen Sie einen aus den Validierungsdaten.</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>A new sequence: ED-Inference starts from &lt;bos&gt;, D-Inference from &lt;bos&gt; and the prompt</source>
        <translation>Eine neue Sequenz: ED-Inferenz beginnt mit &lt;bos&gt;, D-Inferenz mit &lt;bos&gt; und dem Prompt</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>Nächstes Token</translation>
    </message>
    <message>
        <source>To the end</source>
        <translation>Bis zum Ende</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Take the last token back (and draw again, perhaps at another temperature)</source>
        <translation>Das letzte Token zurücknehmen (und neu ziehen, vielleicht bei anderer Temperatur)</translation>
    </message>
    <message>
        <source>τ = 0 takes the most likely token (greedy); τ = 1 samples p itself; larger τ flattens q towards the uniform distribution (τ = ∞)</source>
        <translation>τ = 0 nimmt das wahrscheinlichste Token (greedy); τ = 1 zieht aus p selbst; größeres τ glättet q zur Gleichverteilung hin (τ = ∞)</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>top-k</translation>
    </message>
    <message>
        <source>top-p</source>
        <translation>top-p</translation>
    </message>
    <message>
        <source>Build (and train) a model, then start decoding.</source>
        <translation>Bauen (und trainieren) Sie ein Modell, dann starten Sie das Dekodieren.</translation>
    </message>
    <message>
        <source>p: the model&apos;s distribution</source>
        <translation>p: die Verteilung des Modells</translation>
    </message>
    <message>
        <source>probability of the next token</source>
        <translation>Wahrscheinlichkeit des nächsten Tokens</translation>
    </message>
    <message>
        <source>the most likely tokens under p</source>
        <translation>die wahrscheinlichsten Tokens unter p</translation>
    </message>
    <message>
        <source>τ = ∞</source>
        <translation>τ = ∞</translation>
    </message>
    <message>
        <source>τ = %1</source>
        <translation>τ = %1</translation>
    </message>
    <message>
        <source>x = %1</source>
        <translation>x = %1</translation>
    </message>
    <message>
        <source>z = %1&lt;br&gt;%2</source>
        <translation>z = %1&lt;br&gt;%2</translation>
    </message>
    <message>
        <source>the most likely token (τ = 0)</source>
        <translation>das wahrscheinlichste Token (τ = 0)</translation>
    </message>
    <message>
        <source>drawn from q with the random number %1</source>
        <translation>aus q gezogen mit der Zufallszahl %1</translation>
    </message>
    <message>
        <source>drawn uniformly (τ = ∞)</source>
        <translation>gleichverteilt gezogen (τ = ∞)</translation>
    </message>
    <message>
        <source>forced</source>
        <translation>erzwungen</translation>
    </message>
    <message>
        <source>by beam search</source>
        <translation>durch Beam-Suche</translation>
    </message>
    <message>
        <source>Step %1 chose “%2”: %3; p = %4, q = %5.</source>
        <translation>Schritt %1 wählte „%2“: %3; p = %4, q = %5.</translation>
    </message>
    <message>
        <source>No token chosen yet.</source>
        <translation>Noch kein Token gewählt.</translation>
    </message>
    <message>
        <source>Done: “%1”.</source>
        <translation>Fertig: „%1“.</translation>
    </message>
    <message>
        <source>τ = ∞ makes q uniform</source>
        <translation>τ = ∞ macht q gleichverteilt</translation>
    </message>
    <message>
        <source>τ = 0 puts all mass on the most likely token</source>
        <translation>τ = 0 legt alle Masse auf das wahrscheinlichste Token</translation>
    </message>
    <message>
        <source>key t_z (source)</source>
        <translation>Key t_z (Quelle)</translation>
    </message>
    <message>
        <source>decoder layer</source>
        <translation>Decoder-Schicht</translation>
    </message>
    <message>
        <source>Beam search</source>
        <translation>Beam-Suche</translation>
    </message>
    <message>
        <source>From here, keep the B best continuations by Σ log p and report the best by score / length (the sequence above does not change)</source>
        <translation>Ab hier die B besten Fortsetzungen nach Σ log p behalten und die beste nach Punktzahl / Länge melden (die Sequenz oben ändert sich nicht)</translation>
    </message>
    <message>
        <source>B = </source>
        <translation>B = </translation>
    </message>
    <message>
        <source>The model has been trained since this decoding started: Start again to decode with the new parameters.</source>
        <translation>Das Modell wurde seit dem Beginn dieses Dekodierens weiter trainiert: Starten Sie neu, um mit den neuen Parametern zu dekodieren.</translation>
    </message>
    <message>
        <source>Save history…</source>
        <translation>Verlauf speichern…</translation>
    </message>
    <message>
        <source>Every step so far as a table (CSV) or as JSON: the token, p, log p, q, the sampler settings it was drawn with and the running Σ log p</source>
        <translation>Jeder bisherige Schritt als Tabelle (CSV) oder als JSON: das Token, p, log p, q, die Sampler-Einstellungen, mit denen es gezogen wurde, und die laufende Summe Σ log p</translation>
    </message>
    <message>
        <source>CSV tables (*.csv)</source>
        <translation>CSV-Tabellen (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>Save decoding history</source>
        <translation>Dekodierverlauf speichern</translation>
    </message>
    <message>
        <source>Sampling seed</source>
        <translation>Startwert des Ziehens</translation>
    </message>
    <message>
        <source>Temperature τ</source>
        <translation>Temperatur τ</translation>
    </message>
    <message>
        <source>Beam width B</source>
        <translation>Beam-Breite B</translation>
    </message>
    <message>
        <source>Distribution of the next token</source>
        <translation>Verteilung des nächsten Tokens</translation>
    </message>
    <message>
        <source>Bars for the most likely tokens: p, the model&apos;s distribution (grey), and q, what is drawn from (blue). The text below the chart gives the entropies.</source>
        <translation>Balken für die wahrscheinlichsten Tokens: p, die Verteilung des Modells (grau), und q, woraus gezogen wird (blau). Der Text unter dem Diagramm nennt die Entropien.</translation>
    </message>
    <message>
        <source>Where the new column looks</source>
        <translation>Wohin die neue Spalte schaut</translation>
    </message>
    <message>
        <source>Start decodes the input one token at a time (in presentation mode: Space).</source>
        <translation>Start dekodiert die Eingabe Token für Token (im Präsentationsmodus: Leertaste).</translation>
    </message>
    <message>
        <source>the most likely tokens under p (numbered by rank)</source>
        <translation>die wahrscheinlichsten Tokens unter p (nach Rang nummeriert)</translation>
    </message>
    <message>
        <source>Decoding progress</source>
        <translation>Fortschritt des Dekodierens</translation>
    </message>
    <message>
        <source>Cancel decoding</source>
        <translation>Dekodieren abbrechen</translation>
    </message>
    <message>
        <source>Beam search running…</source>
        <translation>Die Beam-Suche läuft …</translation>
    </message>
    <message>
        <source>Decoding to the end…</source>
        <translation>Dekodieren bis zum Ende …</translation>
    </message>
    <message>
        <source>Beam search: level %1 of at most %2</source>
        <translation>Beam-Suche: Stufe %1 von höchstens %2</translation>
    </message>
    <message>
        <source>To the end: token %1 of at most %2</source>
        <translation>Bis zum Ende: Token %1 von höchstens %2</translation>
    </message>
    <message>
        <source>for 1 step</source>
        <translation>für 1 Schritt</translation>
    </message>
    <message>
        <source>τ, top-k and top-p for the next token only</source>
        <translation>τ, Top-k und Top-p nur für das nächste Token</translation>
    </message>
    <message>
        <source>τ, top-k and top-p as they are set now apply to the next token only; then they go back to what they were when this was ticked</source>
        <translation>τ, Top-k und Top-p, wie sie jetzt stehen, gelten nur für das nächste Token; danach kehren sie zu den Werten zurück, die sie beim Ankreuzen hatten</translation>
    </message>
    <message>
        <source>α = </source>
        <translation>α = </translation>
    </message>
    <message>
        <source>Length normalisation α</source>
        <translation>Längennormierung α</translation>
    </message>
    <message>
        <source>Beam search ranks finished hypotheses by Σ log p / length^α: α = 0 prefers short ones, α = 1 compares the mean log p per token</source>
        <translation>Die Beam-Suche ordnet fertige Hypothesen nach Σ log p / Länge^α: α = 0 bevorzugt kurze, α = 1 vergleicht das mittlere log p je Token</translation>
    </message>
    <message>
        <source>Decoding views</source>
        <translation>Ansichten des Dekodierens</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Beam search tree</source>
        <translation>Baum der Beam-Suche</translation>
    </message>
    <message>
        <source>◀ Level</source>
        <translation>◀ Ebene</translation>
    </message>
    <message>
        <source>One level less of the beam tree</source>
        <translation>Eine Ebene weniger des Beam-Baums</translation>
    </message>
    <message>
        <source>Level ▶</source>
        <translation>Ebene ▶</translation>
    </message>
    <message>
        <source>One level more of the beam tree</source>
        <translation>Eine Ebene mehr des Beam-Baums</translation>
    </message>
    <message>
        <source>Beam tree</source>
        <translation>Beam-Baum</translation>
    </message>
    <message>
        <source>Click a bar to take that token at the next step</source>
        <translation>Einen Balken anklicken, um dieses Token im nächsten Schritt zu nehmen</translation>
    </message>
    <message>
        <source>Beam search draws its tree here, one level per new token.</source>
        <translation>Die Beam-Suche zeichnet hier ihren Baum, eine Ebene je neuem Token.</translation>
    </message>
    <message>
        <source>Decoding view</source>
        <translation>Ansicht des Dekodierens</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>Where the new column looks (it reads “%1” and predicts the next token): cross-attention over z, per layer (head average)</source>
        <translation>Wohin die neue Spalte schaut (sie liest „%1“ und sagt das nächste Token vorher): Kreuzaufmerksamkeit über z, je Schicht (Mittel der Köpfe)</translation>
    </message>
    <message>
        <source>Where the new column looks (it reads “%1” and predicts the next token): self-attention over x, per layer (head average)</source>
        <translation>Wohin die neue Spalte schaut (sie liest „%1“ und sagt das nächste Token vorher): Selbstaufmerksamkeit über x, je Schicht (Mittel der Köpfe)</translation>
    </message>
    <message>
        <source>Comparing greedy, sampling and beam search…</source>
        <translation>Greedy, Sampling und Beam-Suche werden verglichen …</translation>
    </message>
    <message>
        <source>Going to the branch…</source>
        <translation>Wechsel zum Zweig …</translation>
    </message>
    <message>
        <source>Going to the branch: step %1 of %2</source>
        <translation>Wechsel zum Zweig: Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Stop the running work now (To the end, the beam search, the comparison, going to a branch); the sequence stays as it was</source>
        <translation>Die laufende Arbeit jetzt anhalten (Bis zum Ende, Beam-Suche, Vergleich, Wechsel zu einem Zweig); die Folge bleibt, wie sie war</translation>
    </message>
    <message>
        <source>Where the last column looked (it read “%1” and chose “%2”): cross-attention over z, per layer (head average)</source>
        <translation>Wohin die letzte Spalte schaute (sie las „%1“ und wählte „%2“): Kreuzaufmerksamkeit über z, je Schicht (Mittel der Köpfe)</translation>
    </message>
    <message>
        <source>Where the last column looked (it read “%1” and chose “%2”): self-attention over x, per layer (head average)</source>
        <translation>Wohin die letzte Spalte schaute (sie las „%1“ und wählte „%2“): Selbstaufmerksamkeit über x, je Schicht (Mittel der Köpfe)</translation>
    </message>
    <message>
        <source>Where the decoder looked in the source at its last step (it read “%1” and chose “%2”): additive attention over z</source>
        <translation>Wohin der Decoder bei seinem letzten Schritt in der Quelle geschaut hat (er las „%1“ und wählte „%2“): additive Aufmerksamkeit über z</translation>
    </message>
    <message>
        <source>Where the decoder looks in the source (it reads “%1” and predicts the next token): additive attention over z</source>
        <translation>Wohin der Decoder in der Quelle schaut (er liest „%1“ und sagt das nächste Token vorher): additive Aufmerksamkeit über z</translation>
    </message>
    <message>
        <source>Run beam search from the current step</source>
        <translation>Beam-Suche ab dem aktuellen Schritt ausführen</translation>
    </message>
    <message>
        <source>Last step: H(p) = %1 nats, H(q) = %2 nats, %3; %4.</source>
        <translation>Letzter Schritt: H(p) = %1 nats, H(q) = %2 nats, %3; %4.</translation>
    </message>
    <message>
        <source>Next token: H(p) = %1 nats, H(q) = %2 nats, %3; %4.</source>
        <translation>Nächstes Token: H(p) = %1 nats, H(q) = %2 nats, %3; %4.</translation>
    </message>
    <message>
        <source>Next token: H(p) = %1 nats, H(q) = %2 nats, %3; %4. %5%6.</source>
        <translation>Nächstes Token: H(p) = %1 nats, H(q) = %2 nats, %3; %4. %5%6.</translation>
    </message>
    <message>
        <source>1 candidate kept</source>
        <translation>1 Kandidat behalten</translation>
    </message>
    <message>
        <source>%1 candidates kept</source>
        <translation>%1 Kandidaten behalten</translation>
    </message>
    <message>
        <source>KV cache: 1 column per decoder layer</source>
        <translation>KV-Cache: 1 Spalte pro Decoder-Schicht</translation>
    </message>
    <message>
        <source>KV cache: %1 columns per decoder layer</source>
        <translation>KV-Cache: %1 Spalten pro Decoder-Schicht</translation>
    </message>
    <message>
        <source>, cross-attention K and V of the 1 source token computed once</source>
        <translation>, K und V der Kreuzaufmerksamkeit für das 1 Quelltoken einmal berechnet</translation>
    </message>
    <message>
        <source>, cross-attention K and V of the %1 source tokens computed once</source>
        <translation>, K und V der Kreuzaufmerksamkeit für die %1 Quelltokens einmal berechnet</translation>
    </message>
    <message>
        <source>q: what is drawn from
(after τ, top-k, top-p)</source>
        <translation>q: woraus gezogen wird
(nach τ, top-k, top-p)</translation>
    </message>
    <message>
        <source>tokens, most likely first</source>
        <translation>Tokens, wahrscheinlichste zuerst</translation>
    </message>
    <message>
        <source>rank under p</source>
        <translation>Rang unter p</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>“%1” after “%2”</source>
        <translation>„%1“ nach „%2“</translation>
    </message>
    <message>
        <source>Beam search, B = %1: %2, Σ log p = %3 (%4 per token); %5 candidates expanded, %6 pruned.</source>
        <translation>Beam-Suche, B = %1: %2, Σ log p = %3 (%4 pro Token); %5 Kandidaten erweitert, %6 verworfen.</translation>
    </message>
    <message>
        <source>p, q at step %1</source>
        <translation>p, q in Schritt %1</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Key t_z</translation>
    </message>
    <message>
        <source>q ∝ p&lt;sup&gt;1/τ&lt;/sup&gt; with τ = %1</source>
        <translation>q ∝ p&lt;sup&gt;1/τ&lt;/sup&gt; mit τ = %1</translation>
    </message>
    <message>
        <source>probability at step %1</source>
        <translation>Wahrscheinlichkeit in Schritt %1</translation>
    </message>
    <message>
        <source>z = %1</source>
        <translation>z = %1</translation>
    </message>
    <message>
        <source>B = %1, α = %2: %3 of %4 levels shown. Filled: kept among the B best of the level; dashed and grey: pruned; double frame: ended by &lt;eos&gt;; bold: the winner, Σ log p = %5, score %6.</source>
        <translation>B = %1, α = %2: %3 von %4 Ebenen gezeigt. Gefüllt: unter den B besten der Ebene behalten; gestrichelt und grau: verworfen; doppelter Rahmen: durch &lt;eos&gt; beendet; fett: der Gewinner, Σ log p = %5, Punktzahl %6.</translation>
    </message>
</context>
<context>
    <name>FamilyNames</name>
    <message>
        <source>Encoder-decoder</source>
        <translation>Encoder-Decoder</translation>
    </message>
    <message>
        <source>Decoder-only</source>
        <translation>Nur Decoder</translation>
    </message>
    <message>
        <source>Bigram</source>
        <translation>Bigramm</translation>
    </message>
    <message>
        <source>Reads a source with its encoder and writes a target: translation, reversal (seed 000).</source>
        <translation>Liest eine Quelle mit dem Encoder und schreibt ein Ziel: Übersetzung, Umkehrung (Vorlage 000).</translation>
    </message>
    <message>
        <source>Continues one sequence: language models, and tasks written as one line (seed 002).</source>
        <translation>Setzt eine Folge fort: Sprachmodelle und Aufgaben in einer Zeile (Vorlage 002).</translation>
    </message>
    <message>
        <source>Predicts the next token from the last one alone: one |V| × |V| table of scores, the baseline every language model is measured against.</source>
        <translation>Sagt das nächste Token allein aus dem letzten voraus: eine |V| × |V|-Tabelle von Bewertungen, die Grundlinie, an der jedes Sprachmodell gemessen wird.</translation>
    </message>
    <message>
        <source>Tiny</source>
        <translation>Winzig</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>Klein</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>As in the seed</source>
        <translation>Wie in der Vorlage</translation>
    </message>
    <message>
        <source>One table</source>
        <translation>Eine Tabelle</translation>
    </message>
    <message>
        <source>The seed&apos;s architecture: post-LN and ReLU (encoder-decoder, seed 000) or pre-LN, GELU and a final LN (decoder-only, seed 002); no dropout; W_u its own matrix</source>
        <translation>Die Architektur der Vorlage: Post-LN und ReLU (Encoder-Decoder, Vorlage 000) oder Pre-LN, GELU und eine letzte LN (nur Decoder, Vorlage 002); kein Dropout; W_u eine eigene Matrix</translation>
    </message>
    <message>
        <source>B has |V| × |V| entries: the only size is the vocabulary&apos;s</source>
        <translation>B hat |V| × |V| Einträge: Die einzige Größe ist die des Vokabulars</translation>
    </message>
    <message>
        <source>ℓ_max</source>
        <translation>ℓ_max</translation>
    </message>
    <message>
        <source>L_enc</source>
        <translation>L_enc</translation>
    </message>
    <message>
        <source>L_dec</source>
        <translation>L_dec</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>d_e</source>
        <translation>d_e</translation>
    </message>
    <message>
        <source>d_mlp</source>
        <translation>d_mlp</translation>
    </message>
    <message>
        <source>Maximum sequence length ℓ_max</source>
        <translation>Höchste Folgenlänge ℓ_max</translation>
    </message>
    <message>
        <source>Encoder layers L_enc</source>
        <translation>Encoder-Schichten L_enc</translation>
    </message>
    <message>
        <source>Decoder layers L_dec / L</source>
        <translation>Decoder-Schichten L_dec / L</translation>
    </message>
    <message>
        <source>Attention heads H</source>
        <translation>Aufmerksamkeitsköpfe H</translation>
    </message>
    <message>
        <source>Embedding size d_e</source>
        <translation>Embedding-Größe d_e</translation>
    </message>
    <message>
        <source>MLP width d_mlp</source>
        <translation>MLP-Breite d_mlp</translation>
    </message>
    <message>
        <source>ED-Inference: the encoder has read z once; each step adds one column to the decoder and draws the next token from q.</source>
        <translation>ED-Inferenz: Der Encoder hat z einmal gelesen; jeder Schritt fügt dem Decoder eine Spalte hinzu und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>D-Inference: each step adds one column and draws the next token from q.</source>
        <translation>D-Inferenz: Jeder Schritt fügt eine Spalte hinzu und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>Each step reads the last token&apos;s column of B and draws the next token from q.</source>
        <translation>Jeder Schritt liest die Spalte von B zum letzten Token und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>RNN</source>
        <translation>RNN</translation>
    </message>
    <message>
        <source>Reads one token after another into a hidden state h and predicts the next token from it (seed 001): the recurrent network transformers replaced.</source>
        <translation>Liest ein Token nach dem anderen in einen verborgenen Zustand h und sagt daraus das nächste Token vorher (Vorlage 001): das rekurrente Netz, das die Transformer abgelöst haben.</translation>
    </message>
    <message>
        <source>Each step reads the new token into the state h (the one before is kept) and draws the next token from q.</source>
        <translation>Jeder Schritt liest das neue Token in den Zustand h (der vorige bleibt gespeichert) und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>d_h</source>
        <translation>d_h</translation>
    </message>
    <message>
        <source>Hidden state size d_h</source>
        <translation>Größe des verborgenen Zustands d_h</translation>
    </message>
    <message>
        <source>HMM</source>
        <translation>HMM</translation>
    </message>
    <message>
        <source>RNN encoder-decoder</source>
        <translation>RNN-Encoder-Decoder</translation>
    </message>
    <message>
        <source>Reads the source into one vector c with an encoder RNN and writes the target from it with a decoder RNN (seed 004): the model the transformer replaced for translation.</source>
        <translation>Liest die Quelle mit einem Encoder-RNN in einen einzigen Vektor c und schreibt daraus das Ziel mit einem Decoder-RNN (Vorlage 004): das Modell, das der Transformer in der Übersetzung abgelöst hat.</translation>
    </message>
    <message>
        <source>A chain of hidden states, each emitting a token (seed 001): trained by EM, the model speech recognition used before neural networks.</source>
        <translation>Eine Kette verborgener Zustände, von denen jeder ein Token aussendet (Vorlage 001): mit EM trainiert, das Modell der Spracherkennung vor den neuronalen Netzen.</translation>
    </message>
    <message>
        <source>The encoder has read z into c once; the decoder starts from c, reads each new token into its state h and draws the next token from q.</source>
        <translation>Der Encoder hat z einmal in c gelesen; der Decoder beginnt bei c, liest jedes neue Token in seinen Zustand h und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>Each step updates the distribution over the hidden states with the new token (forward algorithm) and draws the next token from q.</source>
        <translation>Jeder Schritt aktualisiert die Verteilung über die verborgenen Zustände mit dem neuen Token (Vorwärtsalgorithmus) und zieht das nächste Token aus q.</translation>
    </message>
    <message>
        <source>K</source>
        <translation>K</translation>
    </message>
    <message>
        <source>Hidden states K</source>
        <translation>Verborgene Zustände K</translation>
    </message>
    <message>
        <source>HMM with Gaussian mixtures</source>
        <translation>HMM mit Gauß-Mischungen</translation>
    </message>
    <message>
        <source>A chain of hidden states, each emitting a vector from a mixture of Gaussians (seed 001): the acoustic model of speech recognition, trained by EM.</source>
        <translation>Eine Kette verborgener Zustände, von denen jeder einen Vektor aus einer Mischung von Gauß-Verteilungen ausgibt (Vorlage 001): das akustische Modell der Spracherkennung, trainiert mit EM.</translation>
    </message>
    <message>
        <source>M</source>
        <translation>M</translation>
    </message>
    <message>
        <source>D</source>
        <translation>D</translation>
    </message>
    <message>
        <source>Gaussians per state M</source>
        <translation>Gauß-Verteilungen je Zustand M</translation>
    </message>
    <message>
        <source>Observation size D</source>
        <translation>Größe einer Beobachtung D</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>%1 konnte nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>the name must end in .png, .svg or .pdf</source>
        <translation>der Name muss auf .png, .svg oder .pdf enden</translation>
    </message>
    <message>
        <source>the scale must be 1× to 4×, not %1×</source>
        <translation>der Maßstab muss 1× bis 4× sein, nicht %1×</translation>
    </message>
    <message>
        <source>the figure could not be drawn</source>
        <translation>die Abbildung konnte nicht gezeichnet werden</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>Abbildung exportieren</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Copy Image</source>
        <translation>Bild kopieren</translation>
    </message>
    <message>
        <source>Save as PNG</source>
        <translation>Als PNG speichern</translation>
    </message>
    <message>
        <source>Save as PNG at %1×…</source>
        <translation>Als PNG in %1× speichern…</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG-Zeichnungen (*.svg)</translation>
    </message>
    <message>
        <source>Save as PDF…</source>
        <translation>Als PDF speichern…</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
    <message>
        <source>Transparent Background</source>
        <translation>Transparenter Hintergrund</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>%1× the size on screen</source>
        <translation>%1× die Größe auf dem Bildschirm</translation>
    </message>
    <message>
        <source>PNG size</source>
        <translation>PNG-Größe</translation>
    </message>
    <message>
        <source>Transparent background (instead of the theme’s: white, or dark in the dark theme)</source>
        <translation>Transparenter Hintergrund (statt dem des Farbschemas: weiß, im dunklen Schema dunkel)</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Automatisches Speichern fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Could not save %1.

%2</source>
        <translation>%1 konnte nicht gespeichert werden.

%2</translation>
    </message>
    <message>
        <source>There is no model to save: build one first.</source>
        <translation>Es gibt kein Modell zum Speichern: Bauen Sie zuerst eines.</translation>
    </message>
    <message>
        <source>There is not enough memory to prepare the file.</source>
        <translation>Es ist nicht genug Arbeitsspeicher frei, um die Datei vorzubereiten.</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>%1 wird gespeichert …</translation>
    </message>
    <message>
        <source>There is not enough memory for a copy of the model to write.</source>
        <translation>Es ist nicht genug Arbeitsspeicher für eine Kopie des Modells zum Schreiben frei.</translation>
    </message>
    <message>
        <source>Saving cancelled: %1 is as it was.</source>
        <translation>Speichern abgebrochen: %1 ist unverändert.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet …</translation>
    </message>
    <message>
        <source>There is not enough memory to read this model.</source>
        <translation>Es ist nicht genug Arbeitsspeicher frei, um dieses Modell zu lesen.</translation>
    </message>
    <message>
        <source>Could not open %1.

%2

The model you had is still open.</source>
        <translation>%1 konnte nicht geöffnet werden.

%2

Ihr bisheriges Modell ist weiterhin geöffnet.</translation>
    </message>
    <message>
        <source>Could not open %1.

%2</source>
        <translation>%1 konnte nicht geöffnet werden.

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 geöffnet</translation>
    </message>
    <message>
        <source>Autosave skipped: not enough memory for a copy of the model.</source>
        <translation>Automatisches Speichern ausgelassen: nicht genug Arbeitsspeicher für eine Kopie des Modells.</translation>
    </message>
    <message>
        <source>The autosaved model %1 could not be read; it stays where it is.

%2</source>
        <translation>Das automatisch gesicherte Modell %1 konnte nicht gelesen werden; es bleibt, wo es ist.

%2</translation>
    </message>
    <message>
        <source>Recovered the autosaved model. Save it to keep it.</source>
        <translation>Das automatisch gesicherte Modell wurde wiederhergestellt. Speichern Sie es, um es zu behalten.</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert …</translation>
    </message>
    <message>
        <source>There is not enough memory to import this model.</source>
        <translation>Es ist nicht genug Speicher frei, um dieses Modell zu importieren.</translation>
    </message>
    <message>
        <source>Could not import %1.

%2

The model you had is still open.</source>
        <translation>%1 konnte nicht importiert werden.

%2

Das bisherige Modell ist weiter geöffnet.</translation>
    </message>
    <message>
        <source>Could not import %1.

%2</source>
        <translation>%1 konnte nicht importiert werden.

%2</translation>
    </message>
    <message>
        <source>Imported %1: %2 parameters</source>
        <translation>%1 importiert: %2 Parameter</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <source>query t_x</source>
        <translation>Query t_x</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Key t_z</translation>
    </message>
    <message>
        <source>query %1 (%2) → key %3 (%4)
weight %5
score Kᵀq %6, scaled by 1/√d_h: %7
mask %8</source>
        <translation>Query %1 (%2) → Key %3 (%4)
Gewicht %5
Score Kᵀq %6, skaliert mit 1/√d_h: %7
Maske %8</translation>
    </message>
    <message>
        <source>1 (may attend)</source>
        <translation>1 (darf beachten)</translation>
    </message>
    <message>
        <source>0 (masked)</source>
        <translation>0 (maskiert)</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>Aufmerksamkeitsgewicht</translation>
    </message>
    <message>
        <source>scaled score Kᵀq/√d_h</source>
        <translation>skalierter Score Kᵀq/√d_h</translation>
    </message>
    <message>
        <source>%1 (numbered every %2)</source>
        <translation>%1 (jede %2. nummeriert)</translation>
    </message>
    <message>
        <source>column %1 reads “%2” and predicts “%3”</source>
        <translation>Spalte %1 liest „%2“ und sagt „%3“ vorher</translation>
    </message>
    <message>
        <source>query t_x: column j reads xⱼ</source>
        <translation>Query t_x: Spalte j liest xⱼ</translation>
    </message>
    <message>
        <source>… and predicts xⱼ₊₁</source>
        <translation>… und sagt xⱼ₊₁ vorher</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>score</source>
        <translation>Score</translation>
    </message>
</context>
<context>
    <name>KvCacheView</name>
    <message>
        <source>%1 G</source>
        <translation>%1 Mrd.</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>%1 k</source>
        <translation>%1 Tsd.</translation>
    </message>
    <message>
        <source>layer </source>
        <translation>Schicht </translation>
    </message>
    <message>
        <source>Decoder layer</source>
        <translation>Decoder-Schicht</translation>
    </message>
    <message>
        <source>Decoder layer of the KV cache</source>
        <translation>Decoder-Schicht des KV-Caches</translation>
    </message>
    <message>
        <source>Cached keys K of the self-attention</source>
        <translation>Zwischengespeicherte Keys K der Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Cached values V of the self-attention</source>
        <translation>Zwischengespeicherte Werte V der Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Keys K of the cross-attention, computed once</source>
        <translation>Keys K der Kreuzaufmerksamkeit, einmal berechnet</translation>
    </message>
    <message>
        <source>Values V of the cross-attention, computed once</source>
        <translation>Werte V der Kreuzaufmerksamkeit, einmal berechnet</translation>
    </message>
    <message>
        <source>Multiply-adds per step, with and without the KV cache</source>
        <translation>Multiplikationen und Additionen je Schritt, mit und ohne KV-Cache</translation>
    </message>
    <message>
        <source>with the cache</source>
        <translation>mit dem Cache</translation>
    </message>
    <message>
        <source>step (tokens in the context)</source>
        <translation>Schritt (Tokens im Kontext)</translation>
    </message>
    <message>
        <source>multiply-adds</source>
        <translation>Multiplikationen</translation>
    </message>
    <message>
        <source>Start decoding: each step adds one column to every layer&apos;s cache.</source>
        <translation>Starten Sie das Dekodieren: Jeder Schritt fügt dem Cache jeder Schicht eine Spalte hinzu.</translation>
    </message>
    <message>
        <source>multiply-adds (millions)</source>
        <translation>Multiplikationen (Mio.)</translation>
    </message>
    <message>
        <source>multiply-adds (thousands)</source>
        <translation>Multiplikationen (Tsd.)</translation>
    </message>
    <message>
        <source>without the cache</source>
        <translation>ohne den Cache</translation>
    </message>
    <message>
        <source>Cross-attention K (left) and V (right) of layer %1, one column per source token: computed once from the encoder output when decoding started, and read at every step.</source>
        <translation>K (links) und V (rechts) der Kreuzaufmerksamkeit in Schicht %1, eine Spalte je Quelltoken: einmal aus der Ausgabe des Encoders berechnet, als das Dekodieren begann, und in jedem Schritt gelesen.</translation>
    </message>
    <message>
        <source>The latest step: %1 multiply-adds with the cache, %2 without (%3×). Since the start (the cache&apos;s one-time work included), %4 against %5: the cache saved %6&#xa0;%.</source>
        <translation>Der letzte Schritt: %1 Multiplikationen und Additionen mit dem Cache, %2 ohne (%3×). Seit dem Start (die einmalige Arbeit des Caches eingerechnet) %4 gegenüber %5: Der Cache hat %6&#xa0;% gespart.</translation>
    </message>
    <message>
        <source>1 column</source>
        <translation>1 Spalte</translation>
    </message>
    <message>
        <source>%1 columns</source>
        <translation>%1 Spalten</translation>
    </message>
    <message>
        <source>keys K</source>
        <translation>Keys K</translation>
    </message>
    <message>
        <source>values V</source>
        <translation>Values V</translation>
    </message>
    <message>
        <source>Self-attention K (left) and V (right) of layer %1: dₑ rows, %2, one per token of x. The outlined column is the one the last step computed; the others were read from the cache, not computed again.</source>
        <translation>K (links) und V (rechts) der Selbstaufmerksamkeit in Schicht %1: dₑ Zeilen, %2, eine je Token von x. Die umrandete Spalte hat der letzte Schritt berechnet; die anderen wurden aus dem Cache gelesen, nicht neu berechnet.</translation>
    </message>
    <message>
        <source>Self-attention K (left) and V (right) of layer %1: dₑ rows, %2, one per token of x. The outlined column is &lt;eos&gt;&apos;s: computed when it was chosen, read by no step, since decoding ends there.</source>
        <translation>K (links) und V (rechts) der Selbstaufmerksamkeit in Schicht %1: dₑ Zeilen, %2, eine je Token von x. Die umrandete Spalte ist die von &lt;eos&gt;: berechnet, als es gewählt wurde, von keinem Schritt gelesen, denn das Dekodieren endet dort.</translation>
    </message>
</context>
<context>
    <name>LessonDock</name>
    <message>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Masken</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Dekodieren</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Perturbation</source>
        <translation>Störung</translation>
    </message>
    <message>
        <source>No lesson open: Add Beat begins one</source>
        <translation>Keine Lektion offen: „Station hinzufügen“ beginnt eine</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Titel:</translation>
    </message>
    <message>
        <source>Lesson title</source>
        <translation>Titel der Lektion</translation>
    </message>
    <message>
        <source>Beats</source>
        <translation>Stationen</translation>
    </message>
    <message>
        <source>&amp;Steps within the beat:</source>
        <translation>&amp;Schritte in der Station:</translation>
    </message>
    <message>
        <source>Steps within the beat</source>
        <translation>Schritte in der Station</translation>
    </message>
    <message>
        <source>How many presses of Space step the beat&apos;s own view (the next token, the next line) before Space shows the next beat.</source>
        <translation>Wie oft die Leertaste die Ansicht der Station selbst weiterschaltet (nächstes Token, nächste Zeile), bevor sie die nächste Station zeigt.</translation>
    </message>
    <message>
        <source>&amp;Add Beat</source>
        <translation>Station &amp;hinzufügen</translation>
    </message>
    <message>
        <source>S&amp;how</source>
        <translation>&amp;Zeigen</translation>
    </message>
    <message>
        <source>&amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Do&amp;wn</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Save &amp;Lesson…</source>
        <translation>&amp;Lektion speichern …</translation>
    </message>
    <message>
        <source>Records the current tab and its settings as a beat (Ctrl+B)</source>
        <translation>Hält den aktuellen Tab mit seinen Einstellungen als Station fest (Strg+B)</translation>
    </message>
    <message>
        <source>Beat %1 — the %2 tab</source>
        <translation>Station %1 — Tab „%2“</translation>
    </message>
</context>
<context>
    <name>LessonRecipeRunner</name>
    <message>
        <source>A lesson is being prepared already.</source>
        <translation>Eine Lektion wird schon vorbereitet.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it before opening a lesson.</source>
        <translation>Das Training läuft: Halten Sie es an oder beenden Sie es, bevor Sie eine Lektion öffnen.</translation>
    </message>
    <message>
        <source>The lesson&apos;s task “%1” is not a built-in task.</source>
        <translation>Die Aufgabe „%1“ der Lektion ist keine eingebaute Aufgabe.</translation>
    </message>
    <message>
        <source>Loading the task…</source>
        <translation>Die Aufgabe wird geladen …</translation>
    </message>
    <message>
        <source>The lesson&apos;s text %1 could not be prepared.</source>
        <translation>Der Text %1 der Lektion konnte nicht vorbereitet werden.</translation>
    </message>
    <message>
        <source>Reading the text…</source>
        <translation>Der Text wird gelesen …</translation>
    </message>
    <message>
        <source>The lesson&apos;s task could not be loaded.</source>
        <translation>Die Aufgabe der Lektion konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>Training %1 steps…</source>
        <translation>%1 Schritte werden trainiert …</translation>
    </message>
    <message>
        <source>The lesson&apos;s training did not finish.</source>
        <translation>Das Training der Lektion wurde nicht fertig.</translation>
    </message>
    <message>
        <source>The lesson&apos;s comparison was cancelled.</source>
        <translation>Der Vergleich der Lektion wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Training the families side by side…</source>
        <translation>Die Familien werden nebeneinander trainiert …</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert …</translation>
    </message>
    <message>
        <source>There is not enough memory to import %1.</source>
        <translation>Es ist nicht genug Speicher frei, um %1 zu importieren.</translation>
    </message>
    <message>
        <source>Could not import %1.

%2</source>
        <translation>%1 konnte nicht importiert werden.

%2</translation>
    </message>
    <message>
        <source>The lesson&apos;s model was not imported: another model was made or opened meanwhile.</source>
        <translation>Das Modell der Lektion wurde nicht importiert: Inzwischen wurde ein anderes Modell erstellt oder geöffnet.</translation>
    </message>
</context>
<context>
    <name>LessonRunner</name>
    <message>
        <source>A lesson is being prepared already.</source>
        <translation>Eine Lektion wird schon vorbereitet.</translation>
    </message>
    <message>
        <source>Untitled lesson</source>
        <translation>Unbenannte Lektion</translation>
    </message>
</context>
<context>
    <name>LessonTr</name>
    <message>
        <source>%1: the field “%2” must be %3.</source>
        <translation>%1: Das Feld „%2“ muss %3 sein.</translation>
    </message>
    <message>
        <source>a whole number from %1 to %2</source>
        <translation>eine ganze Zahl von %1 bis %2</translation>
    </message>
    <message>
        <source>one of: %1</source>
        <translation>eines von: %1</translation>
    </message>
    <message>
        <source>%1 is not a lesson file: it is not JSON (%2 at byte %3).</source>
        <translation>%1 ist keine Lektionsdatei: Sie ist kein JSON (%2 bei Byte %3).</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>a text (or {&quot;en&quot;: …, &quot;de&quot;: …})</source>
        <translation>ein Text (oder {&quot;en&quot;: …, &quot;de&quot;: …})</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>ein Objekt</translation>
    </message>
    <message>
        <source>a built-in task, or else “text” a text file (one of the two)</source>
        <translation>eine eingebaute Aufgabe oder sonst „text“ eine Textdatei (eines von beiden)</translation>
    </message>
    <message>
        <source>a list of 1 to 1000 beats</source>
        <translation>eine Liste von 1 bis 1000 Schritten der Lektion</translation>
    </message>
    <message>
        <source>a temperature from 0 to 3, or &quot;inf&quot;</source>
        <translation>eine Temperatur von 0 bis 3 oder &quot;inf&quot;</translation>
    </message>
    <message>
        <source>a number above 0 and at most 1</source>
        <translation>eine Zahl über 0 und höchstens 1</translation>
    </message>
    <message>
        <source>There is no lesson “%1”: neither a built-in one (%2) nor a file.</source>
        <translation>Es gibt keine Lektion „%1“: weder eine eingebaute (%2) noch eine Datei.</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>%1 is not a lesson file: it is larger than 16 MB.</source>
        <translation>%1 ist keine Lektionsdatei: Sie ist größer als 16 MB.</translation>
    </message>
    <message>
        <source>at most 4096 steps</source>
        <translation>höchstens 4096 Schritte</translation>
    </message>
    <message>
        <source>%1 is a model without a lesson: open it with File → Open.</source>
        <translation>%1 ist ein Modell ohne Lektion: Öffnen Sie es mit Datei → Öffnen.</translation>
    </message>
    <message>
        <source>a list of 1 to %1 families, each one of: %2</source>
        <translation>eine Liste von 1 bis %1 Familien, jede eine von: %2</translation>
    </message>
    <message>
        <source>a number from 0 to 100</source>
        <translation>eine Zahl von 0 bis 100</translation>
    </message>
    <message>
        <source>families that read one sequence: a text has no source and target</source>
        <translation>Familien, die eine Sequenz lesen: Ein Text hat keine Quelle und kein Ziel</translation>
    </message>
    <message>
        <source>a text</source>
        <translation>ein Text</translation>
    </message>
    <message>
        <source>a Hugging Face model id (“Helsinki-NLP/opus-mt-en-de”), or else “folder” a path</source>
        <translation>eine Hugging-Face-Modell-ID („Helsinki-NLP/opus-mt-en-de“), oder sonst „folder“ ein Pfad</translation>
    </message>
    <message>
        <source>a model id of the form ORGANISATION/NAME</source>
        <translation>eine Modell-ID der Form ORGANISATION/NAME</translation>
    </message>
    <message>
        <source>absent: a lesson that imports its model trains none</source>
        <translation>abwesend: Eine Lektion, die ihr Modell importiert, trainiert keines</translation>
    </message>
    <message>
        <source>This lesson shows the real model %1, and it is not on this machine (looked in: %2).</source>
        <translation>Diese Lektion zeigt das echte Modell %1, und es ist nicht auf diesem Rechner (gesucht in: %2).</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s files vocab.json, source.spm and target.spm</source>
        <translation>die Dateien des Tokenizers vocab.json, source.spm und target.spm</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s files vocab.json and merges.txt</source>
        <translation>die Dateien des Tokenizers vocab.json und merges.txt</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s files (a translation model: vocab.json, source.spm, target.spm; GPT-2: vocab.json, merges.txt)</source>
        <translation>die Dateien des Tokenizers (ein Übersetzungsmodell: vocab.json, source.spm, target.spm; GPT-2: vocab.json, merges.txt)</translation>
    </message>
    <message>
        <source>To get it: on a computer with internet, open https://huggingface.co/%1, “Files and versions”, and download into one folder config.json, model.safetensors, generation_config.json and %2. Copy the folder here and choose it; a model the transformers library downloaded is found in ~/.cache/huggingface/hub.</source>
        <translation>So bekommen Sie es: Öffnen Sie auf einem Rechner mit Internet https://huggingface.co/%1, „Files and versions“, und laden Sie in einen Ordner config.json, model.safetensors, generation_config.json und %2 herunter. Kopieren Sie den Ordner hierher und wählen Sie ihn aus; ein Modell, das die Bibliothek transformers heruntergeladen hat, wird in ~/.cache/huggingface/hub gefunden.</translation>
    </message>
</context>
<context>
    <name>LossPlot</name>
    <message>
        <source>training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>loss J</source>
        <translation>Verlust J</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Logarithmisch</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Glätten</translation>
    </message>
    <message>
        <source>step %1: loss %2</source>
        <translation>Schritt %1: Verlust %2</translation>
    </message>
    <message>
        <source>Loss curve</source>
        <translation>Verlustkurve</translation>
    </message>
    <message>
        <source>The training loss (blue line) and the validation loss (orange dots) over the steps; the status above says the latest values.</source>
        <translation>Der Trainingsverlust (blaue Linie) und der Validierungsverlust (orange Punkte) über die Schritte; der Status darüber nennt die neuesten Werte.</translation>
    </message>
    <message>
        <source>Shows the loss on a logarithmic axis</source>
        <translation>Zeigt den Verlust auf einer logarithmischen Achse</translation>
    </message>
    <message>
        <source>Shows a moving average of the training loss</source>
        <translation>Zeigt einen gleitenden Mittelwert des Trainingsverlusts</translation>
    </message>
    <message>
        <source>iteration %1: log-likelihood %2 nats</source>
        <translation>Iteration %1: Log-Likelihood %2 nats</translation>
    </message>
    <message>
        <source>log-likelihood of the training data</source>
        <translation>Log-Likelihood der Trainingsdaten</translation>
    </message>
    <message>
        <source>EM iteration</source>
        <translation>EM-Iteration</translation>
    </message>
    <message>
        <source>log P(data) in nats</source>
        <translation>log P(Daten) in nats</translation>
    </message>
    <message>
        <source>Log-likelihood per EM iteration</source>
        <translation>Log-Likelihood je EM-Iteration</translation>
    </message>
    <message>
        <source>The training data&apos;s log-likelihood under the parameters each EM iteration started from: EM never lowers it.</source>
        <translation>Die Log-Likelihood der Trainingsdaten unter den Parametern, von denen jede EM-Iteration ausging: EM senkt sie nie.</translation>
    </message>
    <message>
        <source>training loss J, summed over the example&apos;s tokens</source>
        <translation>Trainingsverlust J, summiert über die Tokens des Beispiels</translation>
    </message>
    <message>
        <source>validation loss, per token</source>
        <translation>Validierungsverlust, pro Token</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Glassbox</source>
        <translation>Glassbox</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Dekodieren</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Anordnung zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>Sp&amp;rache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Glassbox</source>
        <translation>&amp;Über Glassbox</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>About Glassbox</source>
        <translation>Über Glassbox</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;A transformer you can see through: train a tiny encoder-decoder or decoder-only transformer live and watch its attention, masks and decoding, exactly as the lecture notes write them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;Ein Transformer zum Hineinsehen: Trainieren Sie live einen kleinen Encoder-Decoder- oder Nur-Decoder-Transformer und beobachten Sie Aufmerksamkeit, Masken und Dekodierung – genau so, wie die Vorlesungsnotizen sie aufschreiben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Built with Qt %1, Eigen and QCustomPlot.</source>
        <translation>Erstellt mit Qt %1, Eigen und QCustomPlot.</translation>
    </message>
    <message>
        <source>not trained</source>
        <translation>nicht trainiert</translation>
    </message>
    <message>
        <source>training</source>
        <translation>trainiert gerade</translation>
    </message>
    <message>
        <source>paused at step %1</source>
        <translation>angehalten bei Schritt %1</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Unsaved model</source>
        <translation>Ungesichertes Modell</translation>
    </message>
    <message>
        <source>The model has changes that are not saved (training included). Save them?</source>
        <translation>Das Modell hat ungesicherte Änderungen (auch Training). Speichern?</translation>
    </message>
    <message>
        <source>Recover the last session?</source>
        <translation>Letzte Sitzung wiederherstellen?</translation>
    </message>
    <message>
        <source>Glassbox did not close normally last time. An autosaved model from %1 exists. Open it?</source>
        <translation>Glassbox wurde beim letzten Mal nicht normal beendet. Es gibt ein automatisch gesichertes Modell vom %1. Öffnen?</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Masken</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Open &amp;Data File…</source>
        <translation>&amp;Datendatei öffnen…</translation>
    </message>
    <message>
        <source>training, step %1</source>
        <translation>trainiert gerade, Schritt %1</translation>
    </message>
    <message>
        <source>task “%1”</source>
        <translation>Aufgabe „%1“</translation>
    </message>
    <message>
        <source>%1, %2 training examples</source>
        <translation>%1, %2 Trainingsbeispiele</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1[*] — Glassbox</source>
        <translation>%1[*] — Glassbox</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>Modell öffnen</translation>
    </message>
    <message>
        <source>There is no model to save: build one first.</source>
        <translation>Es gibt kein Modell zum Speichern: Bauen Sie zuerst eines.</translation>
    </message>
    <message>
        <source>Save model</source>
        <translation>Modell speichern</translation>
    </message>
    <message>
        <source>Glassbox models (*.safetensors)</source>
        <translation>Glassbox-Modelle (*.safetensors)</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>Keine zuletzt geöffneten Dateien</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>does not match the data</source>
        <translation>passt nicht zu den Daten</translation>
    </message>
    <message>
        <source>&amp;Export View…</source>
        <translation>Ansicht &amp;exportieren…</translation>
    </message>
    <message>
        <source>There is no view to export.</source>
        <translation>Es gibt keine Ansicht zum Exportieren.</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportiert</translation>
    </message>
    <message>
        <source>? keys · Esc leaves</source>
        <translation>? Tasten · Esc beendet</translation>
    </message>
    <message>
        <source>Space, →, Page Down</source>
        <translation>Leertaste, →, Bild ab</translation>
    </message>
    <message>
        <source>←, Page Up, Backspace</source>
        <translation>←, Bild auf, Rücktaste</translation>
    </message>
    <message>
        <source>back</source>
        <translation>zurück</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Pos1 / Ende</translation>
    </message>
    <message>
        <source>to the start / to the end</source>
        <translation>zum Anfang / zum Ende</translation>
    </message>
    <message>
        <source>the tabs</source>
        <translation>die Tabs</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>black screen, and back</source>
        <translation>schwarzer Bildschirm und zurück</translation>
    </message>
    <message>
        <source>Ctrl + / Ctrl − / Ctrl 0</source>
        <translation>Strg + / Strg − / Strg 0</translation>
    </message>
    <message>
        <source>larger, smaller, default size</source>
        <translation>größer, kleiner, Standardgröße</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>this list</source>
        <translation>diese Liste</translation>
    </message>
    <message>
        <source>Esc, F5</source>
        <translation>Esc, F5</translation>
    </message>
    <message>
        <source>leave presentation mode</source>
        <translation>Präsentationsmodus beenden</translation>
    </message>
    <message>
        <source>The presenter&apos;s keys</source>
        <translation>Die Tasten der Präsentation</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>&amp;Präsentieren</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Default Size</source>
        <translation>&amp;Standardgröße</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Projector (high contrast)</source>
        <translation>Beamer (hoher Kontrast)</translation>
    </message>
    <message>
        <source>The lesson could not be opened.

%1</source>
        <translation>Die Lektion konnte nicht geöffnet werden.

%1</translation>
    </message>
    <message>
        <source>&amp;Lessons…</source>
        <translation>&amp;Lektionen …</translation>
    </message>
    <message>
        <source>The lesson was not opened: the open model&apos;s changes come first.</source>
        <translation>Die Lektion wurde nicht geöffnet: Die Änderungen am offenen Modell gehen vor.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it before opening a lesson.</source>
        <translation>Das Training läuft: Halten Sie es an oder beenden Sie es, bevor Sie eine Lektion öffnen.</translation>
    </message>
    <message>
        <source>Perturbation</source>
        <translation>Störung</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Strg+B</translation>
    </message>
    <message>
        <source>record the view as a lesson beat</source>
        <translation>die Ansicht als Station der Lektion festhalten</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Save Lesso&amp;n…</source>
        <translation>Lektio&amp;n speichern …</translation>
    </message>
    <message>
        <source>Add &amp;Beat…</source>
        <translation>S&amp;tation hinzufügen …</translation>
    </message>
    <message>
        <source>The model opened, but its lesson cannot be read.

%1</source>
        <translation>Das Modell wurde geöffnet, aber seine Lektion ist nicht lesbar.

%1</translation>
    </message>
    <message>
        <source>A beat shows a model: build or open one first.</source>
        <translation>Eine Station zeigt ein Modell: Bauen oder öffnen Sie zuerst eines.</translation>
    </message>
    <message>
        <source>Add Beat</source>
        <translation>Station hinzufügen</translation>
    </message>
    <message>
        <source>Caption of the beat (what the class should see here):</source>
        <translation>Bildunterschrift der Station (was die Klasse hier sehen soll):</translation>
    </message>
    <message>
        <source>Beat %1 recorded: %2</source>
        <translation>Station %1 festgehalten: %2</translation>
    </message>
    <message>
        <source>The lesson has no beats yet: add one with View → Add Beat (Ctrl+B).</source>
        <translation>Die Lektion hat noch keine Stationen: Fügen Sie eine mit Ansicht → Station hinzufügen (Strg+B) hinzu.</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>Lektion speichern</translation>
    </message>
    <message>
        <source>Glassbox lessons (*.glassbox-lesson)</source>
        <translation>Glassbox-Lektionen (*.glassbox-lesson)</translation>
    </message>
    <message>
        <source>Glassbox did not close normally. %1 autosaved models were left behind; this one is from %2 (%3 of %1, the newest first). Open it? Discard deletes it and shows the next.</source>
        <translation>Glassbox wurde nicht normal beendet. %1 automatisch gesicherte Modelle sind übrig geblieben; dieses ist vom %2 (%3 von %1, das neueste zuerst). Öffnen? Verwerfen löscht es und zeigt das nächste.</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>next: %1 (%2)</source>
        <translation>weiter: %1 (%2)</translation>
    </message>
    <message>
        <source>1 – 9</source>
        <translation>1 – 9</translation>
    </message>
    <message>
        <source>States</source>
        <translation>Zustände</translation>
    </message>
    <message>
        <source>Lesson %1: %2</source>
        <translation>Lektion %1: %2</translation>
    </message>
    <message>
        <source>Docks</source>
        <translation>Docks</translation>
    </message>
    <message>
        <source>The docks in this column: choose one to show it</source>
        <translation>Die Docks dieser Spalte: eines wählen, um es zu zeigen</translation>
    </message>
    <message>
        <source>Observations</source>
        <translation>Beobachtungen</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face Model…</source>
        <translation>Hugging-Face-Modell &amp;importieren …</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (importiert)</translation>
    </message>
    <message>
        <source>Glassbox models and lessons (*.safetensors *.glassbox-lesson);;Hugging Face model folders (config.json);;All files (*)</source>
        <translation>Glassbox-Modelle und Lektionen (*.safetensors *.glassbox-lesson);;Hugging-Face-Modellordner (config.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import a Hugging Face model folder</source>
        <translation>Hugging-Face-Modellordner importieren</translation>
    </message>
    <message>
        <source>%1 is not a Hugging Face model folder: it has no config.json.</source>
        <translation>%1 ist kein Hugging-Face-Modellordner: Er enthält keine config.json.</translation>
    </message>
    <message>
        <source>Choose the Folder…</source>
        <translation>Ordner auswählen …</translation>
    </message>
    <message>
        <source>Choose the model&apos;s folder</source>
        <translation>Den Ordner des Modells auswählen</translation>
    </message>
    <message>
        <source>Open “%1” Instead</source>
        <translation>Stattdessen „%1“ öffnen</translation>
    </message>
    <message>
        <source>Open the lesson “%1” on a model trained here</source>
        <translation>Die Lektion „%1“ mit einem hier trainierten Modell öffnen</translation>
    </message>
    <message>
        <source>The folder of %1</source>
        <translation>Der Ordner von %1</translation>
    </message>
    <message>
        <source>trained 1 step</source>
        <translation>1 Schritt trainiert</translation>
    </message>
    <message>
        <source>trained %1 steps</source>
        <translation>%1 Schritte trainiert</translation>
    </message>
    <message>
        <source>The lesson opened without 1 beat that could not be read; the others are all there.

%1</source>
        <translation>Die Lektion wurde ohne 1 Station geöffnet, die nicht lesbar war; alle anderen sind da.

%1</translation>
    </message>
    <message>
        <source>The lesson opened without %1 beats that could not be read; the others are all there.

%2</source>
        <translation>Die Lektion wurde ohne %1 Stationen geöffnet, die nicht lesbar waren; alle anderen sind da.

%2</translation>
    </message>
    <message>
        <source>Space, Page Down</source>
        <translation>Leertaste, Bild ab</translation>
    </message>
    <message>
        <source>the lesson&apos;s next beat, and each beat&apos;s own steps</source>
        <translation>die nächste Station der Lektion und die Schritte jeder Station</translation>
    </message>
    <message>
        <source>Page Up, Backspace</source>
        <translation>Bild auf, Rücktaste</translation>
    </message>
    <message>
        <source>back through the lesson&apos;s beats and steps</source>
        <translation>zurück durch die Stationen und Schritte der Lektion</translation>
    </message>
    <message>
        <source>→</source>
        <translation>→</translation>
    </message>
    <message>
        <source>←</source>
        <translation>←</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>Preparing the lesson: %1</source>
        <translation>Die Lektion wird vorbereitet: %1</translation>
    </message>
    <message>
        <source>trained 1 EM iteration</source>
        <translation>1 EM-Iteration trainiert</translation>
    </message>
    <message>
        <source>trained %1 EM iterations</source>
        <translation>%1 EM-Iterationen trainiert</translation>
    </message>
    <message>
        <source>paused at EM iteration %1</source>
        <translation>angehalten bei EM-Iteration %1</translation>
    </message>
    <message>
        <source>training, EM iteration %1</source>
        <translation>trainiert, EM-Iteration %1</translation>
    </message>
</context>
<context>
    <name>MaskEditor</name>
    <message>
        <source>Probe of the mask editor</source>
        <translation>Probe des Masken-Editors</translation>
    </message>
    <message>
        <source>causal (M_uni)</source>
        <translation>kausal (M_uni)</translation>
    </message>
    <message>
        <source>prefix-LM</source>
        <translation>Präfix-LM</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>gleitendes Fenster</translation>
    </message>
    <message>
        <source>drawn (click cells)</source>
        <translation>gezeichnet (Zellen anklicken)</translation>
    </message>
    <message>
        <source>prefix-LM: how many first positions see each other; sliding window: how many positions a query sees (itself included)</source>
        <translation>Präfix-LM: wie viele erste Positionen einander sehen; gleitendes Fenster: wie viele Positionen eine Query sieht (sich selbst eingeschlossen)</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>k / w</source>
        <translation>k / w</translation>
    </message>
    <message>
        <source>Prefix length or window size</source>
        <translation>Präfixlänge oder Fenstergröße</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Decoder layer of the mask editor</source>
        <translation>Decoder-Schicht des Masken-Editors</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>Head of the mask editor</source>
        <translation>Kopf des Masken-Editors</translation>
    </message>
    <message>
        <source>The mask: click a cell to allow or forbid it</source>
        <translation>Die Maske: eine Zelle anklicken, um sie zu erlauben oder zu verbieten</translation>
    </message>
    <message>
        <source>Attention weights under this mask</source>
        <translation>Aufmerksamkeitsgewichte unter dieser Maske</translation>
    </message>
    <message>
        <source>Attention weights under M_uni</source>
        <translation>Aufmerksamkeitsgewichte unter M_uni</translation>
    </message>
    <message>
        <source>The mask (click a cell)</source>
        <translation>Die Maske (Zelle anklicken)</translation>
    </message>
    <message>
        <source>Weights with this mask</source>
        <translation>Gewichte mit dieser Maske</translation>
    </message>
    <message>
        <source>Weights with M_uni, as trained</source>
        <translation>Gewichte mit M_uni, wie trainiert</translation>
    </message>
    <message>
        <source>Build a model and pick a probe: its decoder self-attention is shown under another mask.</source>
        <translation>Bauen Sie ein Modell und wählen Sie eine Probe: Ihre Decoder-Selbstaufmerksamkeit wird unter einer anderen Maske gezeigt.</translation>
    </message>
    <message>
        <source>This probe does not fit the model.</source>
        <translation>Diese Probe passt nicht zum Modell.</translation>
    </message>
    <message>
        <source>The decoder&apos;s self-attention on the probe under this mask, for inspection: the model was trained with M_uni. Rows are keys t_z, columns queries t_x; hatched cells are masked.</source>
        <translation>Die Selbstaufmerksamkeit des Decoders auf der Probe unter dieser Maske, zur Ansicht: Das Modell wurde mit M_uni trainiert. Zeilen sind Keys t_z, Spalten Queries t_x; schraffierte Zellen sind maskiert.</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Key t_z</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (M_uni: %2)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (M_uni: %2)</translation>
    </message>
    <message>
        <source>Each column&apos;s most likely next token with this mask: %1 — %2 of %3 columns predict another token than with M_uni.</source>
        <translation>Das wahrscheinlichste nächste Token jeder Spalte mit dieser Maske: %1 – %2 von %3 Spalten sagen ein anderes Token vorher als mit M_uni.</translation>
    </message>
    <message>
        <source>%1→%2</source>
        <translation>%1→%2</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>query t_x (reads → predicts)</source>
        <translation>Query t_x (liest → sagt vorher)</translation>
    </message>
    <message>
        <source>Tracing the probe with both masks…</source>
        <translation>Die Probe wird mit beiden Masken aufgezeichnet …</translation>
    </message>
    <message>
        <source>Progress of the mask editor&apos;s trace</source>
        <translation>Fortschritt der Aufzeichnung im Masken-Editor</translation>
    </message>
    <message>
        <source>Cancel the mask editor&apos;s trace</source>
        <translation>Die Aufzeichnung im Masken-Editor abbrechen</translation>
    </message>
    <message>
        <source>The trace was cancelled: change the probe or the mask to trace again.</source>
        <translation>Die Aufzeichnung wurde abgebrochen: Ändern Sie die Probe oder die Maske, um neu aufzuzeichnen.</translation>
    </message>
    <message>
        <source>Decoding the probe&apos;s continuation, then tracing it with both masks…</source>
        <translation>Die Fortsetzung der Probe wird dekodiert, dann mit beiden Masken aufgezeichnet …</translation>
    </message>
    <message>
        <source>The trace was cancelled; the maps show the parameters of an earlier trace.</source>
        <translation>Die Aufzeichnung wurde abgebrochen; die Karten zeigen die Parameter einer früheren Aufzeichnung.</translation>
    </message>
</context>
<context>
    <name>MasksPanel</name>
    <message>
        <source>with the padding masked too</source>
        <translation>mit maskiertem Padding</translation>
    </message>
    <message>
        <source>A batch of</source>
        <translation>Ein Batch aus</translation>
    </message>
    <message>
        <source>examples from number</source>
        <translation>Beispielen ab Nummer</translation>
    </message>
    <message>
        <source>Masks of example</source>
        <translation>Masken von Beispiel</translation>
    </message>
    <message>
        <source>Load data to see the masks of a batch.</source>
        <translation>Laden Sie Daten, um die Masken eines Batches zu sehen.</translation>
    </message>
    <message>
        <source>example %1</source>
        <translation>Beispiel %1</translation>
    </message>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Key t_z</translation>
    </message>
    <message>
        <source>query t_x</source>
        <translation>Query t_x</translation>
    </message>
    <message>
        <source>Masked self-attention: M_uni ∧ padding of example %1 (%2 real tokens of %3)</source>
        <translation>Maskierte Selbstaufmerksamkeit: M_uni ∧ Padding von Beispiel %1 (%2 echte Tokens von %3)</translation>
    </message>
    <message>
        <source>Masked self-attention: M_uni[t_z, t_x] = [t_z ≤ t_x]</source>
        <translation>Maskierte Selbstaufmerksamkeit: M_uni[t_z, t_x] = [t_z ≤ t_x]</translation>
    </message>
    <message>
        <source>Padding mask of z (the source): padded to S = %1</source>
        <translation>Padding-Maske von z (der Quelle): aufgefüllt auf S = %1</translation>
    </message>
    <message>
        <source>query t_z</source>
        <translation>Query t_z</translation>
    </message>
    <message>
        <source>key t_z (source)</source>
        <translation>Key t_z (Quelle)</translation>
    </message>
    <message>
        <source>query t_x (target)</source>
        <translation>Query t_x (Ziel)</translation>
    </message>
    <message>
        <source>Encoder self-attention: all ones ∧ padding (%1 real of %2)</source>
        <translation>Encoder-Selbstaufmerksamkeit: alles Einsen ∧ Padding (%1 echte von %2)</translation>
    </message>
    <message>
        <source>Encoder self-attention: the bidirectional mask is all ones</source>
        <translation>Encoder-Selbstaufmerksamkeit: die bidirektionale Maske besteht nur aus Einsen</translation>
    </message>
    <message>
        <source>Cross-attention: all ones ∧ source padding, |z| × |x| = %1 × %2</source>
        <translation>Kreuzaufmerksamkeit: alles Einsen ∧ Padding der Quelle, |z| × |x| = %1 × %2</translation>
    </message>
    <message>
        <source>Cross-attention: the cross mask is all ones, |z| × |x| = %1 × %2</source>
        <translation>Kreuzaufmerksamkeit: die Kreuzmaske besteht nur aus Einsen, |z| × |x| = %1 × %2</translation>
    </message>
    <message>
        <source>A mini-batch is one matrix per sequence, padded to the longest. Padded keys are masked like future tokens, and padded queries do not count in the loss. Rows are keys, columns queries, as in the Attention tab.</source>
        <translation>Ein Mini-Batch ist eine Matrix je Sequenz, auf die längste aufgefüllt. Aufgefüllte Keys werden wie zukünftige Tokens maskiert, aufgefüllte Queries zählen nicht im Verlust. Zeilen sind Keys, Spalten Queries, wie im Tab Aufmerksamkeit.</translation>
    </message>
    <message>
        <source>Previous example</source>
        <translation>Vorheriges Beispiel</translation>
    </message>
    <message>
        <source>Next example</source>
        <translation>Nächstes Beispiel</translation>
    </message>
    <message>
        <source>Examples in the batch</source>
        <translation>Beispiele im Batch</translation>
    </message>
    <message>
        <source>First example of the batch</source>
        <translation>Erstes Beispiel des Batches</translation>
    </message>
    <message>
        <source>Counted in the training data</source>
        <translation>Gezählt in den Trainingsdaten</translation>
    </message>
    <message>
        <source>Example whose masks are shown</source>
        <translation>Beispiel, dessen Masken gezeigt werden</translation>
    </message>
    <message>
        <source>Counted in the batch</source>
        <translation>Gezählt im Batch</translation>
    </message>
    <message>
        <source>Padding mask of x</source>
        <translation>Padding-Maske von x</translation>
    </message>
    <message>
        <source>Padding mask of z</source>
        <translation>Padding-Maske von z</translation>
    </message>
    <message>
        <source>Masked self-attention mask</source>
        <translation>Maske der maskierten Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Encoder self-attention mask</source>
        <translation>Maske der Encoder-Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>Cross-attention mask</source>
        <translation>Maske der Kreuzaufmerksamkeit</translation>
    </message>
    <message>
        <source>Masks</source>
        <translation>Masken</translation>
    </message>
    <message>
        <source>The seeds&apos; masks</source>
        <translation>Die Masken der Vorlagen</translation>
    </message>
    <message>
        <source>Mask editor</source>
        <translation>Masken-Editor</translation>
    </message>
    <message>
        <source>Mask: %1</source>
        <translation>Maske: %1</translation>
    </message>
    <message>
        <source>Previous mask</source>
        <translation>Vorherige Maske</translation>
    </message>
    <message>
        <source>Next mask</source>
        <translation>Nächste Maske</translation>
    </message>
    <message>
        <source>Padding mask of x for a batch of one example: nothing to pad, T = %1 (1 = a real token)</source>
        <translation>Padding-Maske von x für einen Batch aus einem Beispiel: nichts aufzufüllen, T = %1 (1 = echtes Token)</translation>
    </message>
    <message>
        <source>Padding mask of x for the batch: %1 examples padded to the longest, T = %2 (1 = a real token, hatched = &lt;pad&gt;)</source>
        <translation>Padding-Maske von x für den Batch: %1 Beispiele auf das längste aufgefüllt, T = %2 (1 = echtes Token, schraffiert = &lt;pad&gt;)</translation>
    </message>
    <message>
        <source>Example %1 of the batch: example %2 of the data</source>
        <translation>Beispiel %1 des Batches: Beispiel %2 der Daten</translation>
    </message>
</context>
<context>
    <name>MatrixView</name>
    <message>
        <source>row %1, column %2: %3</source>
        <translation>Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>0 (masked)</source>
        <translation>0 (maskiert)</translation>
    </message>
    <message>
        <source>%1 (numbered)</source>
        <translation>%1 (nummeriert)</translation>
    </message>
    <message>
        <source>row %1, column %2: 0 — bit for bit the same</source>
        <translation>Zeile %1, Spalte %2: 0 — Bit für Bit gleich</translation>
    </message>
</context>
<context>
    <name>MemoryLimit</name>
    <message>
        <source>Too large to build: %1</source>
        <translation>Zu groß zum Bauen: %1</translation>
    </message>
    <message>
        <source>Work still running holds %1 MB of the memory cap.</source>
        <translation>Noch laufende Arbeit belegt %1 MB der Speichergrenze.</translation>
    </message>
</context>
<context>
    <name>ModelDesign</name>
    <message>
        <source>Load data in the Data dock first.</source>
        <translation>Laden Sie zuerst Daten im Bereich „Daten“.</translation>
    </message>
</context>
<context>
    <name>ModelDocument</name>
    <message>
        <source>No data yet.</source>
        <translation>Noch keine Daten.</translation>
    </message>
    <message>
        <source>%1 training and %2 validation examples; %3 tokens in the vocabulary; the longest example needs ℓ_max = %4.</source>
        <translation>%1 Trainings- und %2 Validierungsbeispiele; %3 Tokens im Vokabular; das längste Beispiel braucht ℓ_max = %4.</translation>
    </message>
    <message>
        <source>d_e = %1 is not divisible by H = %2: every head needs d_e / H dimensions.</source>
        <translation>d_e = %1 ist nicht durch H = %2 teilbar: Jeder Kopf braucht d_e / H Dimensionen.</translation>
    </message>
    <message>
        <source>ℓ_max = %1 is shorter than the data: its longest example needs %2.</source>
        <translation>ℓ_max = %1 ist kürzer als die Daten: Ihr längstes Beispiel braucht %2.</translation>
    </message>
    <message>
        <source>|V| = %1 is smaller than the tokenizer&apos;s %2 tokens.</source>
        <translation>|V| = %1 ist kleiner als die %2 Tokens des Tokenizers.</translation>
    </message>
    <message>
        <source>Load data first: the vocabulary and ℓ_max come from it.</source>
        <translation>Laden Sie zuerst Daten: Vokabular und ℓ_max ergeben sich daraus.</translation>
    </message>
    <message>
        <source>No model yet — build one in the Model dock.</source>
        <translation>Noch kein Modell – bauen Sie eines im Bereich „Modell“.</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1, %2 Parameter</translation>
    </message>
    <message>
        <source>There is no model to save: build one first.</source>
        <translation>Es gibt kein Modell zum Speichern: Bauen Sie zuerst eines.</translation>
    </message>
    <message>
        <source>%1: the model opened, but its data could not be rebuilt: %2</source>
        <translation>%1: Das Modell wurde geöffnet, aber seine Daten konnten nicht wiederhergestellt werden: %2</translation>
    </message>
    <message>
        <source>%1: the model opened, but the file does not say which data and tokenizer it was trained with.</source>
        <translation>%1: Das Modell wurde geöffnet, aber die Datei sagt nicht, mit welchen Daten und welchem Tokenizer es trainiert wurde.</translation>
    </message>
    <message>
        <source>No data is loaded for this model: load the data it was trained with (or data of the same vocabulary) in the Data dock.</source>
        <translation>Für dieses Modell sind keine Daten geladen: Laden Sie im Daten-Dock die Daten, mit denen es trainiert wurde (oder Daten mit demselben Vokabular).</translation>
    </message>
    <message>
        <source>The data that was open fits the model and stays loaded.</source>
        <translation>Die bereits geöffneten Daten passen zum Modell und bleiben geladen.</translation>
    </message>
    <message>
        <source>Load the data it was trained with in the Data dock to train it further.</source>
        <translation>Laden Sie im Daten-Dock die Daten, mit denen es trainiert wurde, um es weiter zu trainieren.</translation>
    </message>
    <message>
        <source>There was not enough memory to build this model (it needs about %1 MB). The open model is unchanged.</source>
        <translation>Für dieses Modell war nicht genug Speicher frei (es braucht etwa %1 MB). Das geöffnete Modell bleibt unverändert.</translation>
    </message>
    <message>
        <source>The open model does not match the data that is loaded: %1</source>
        <translation>Das geöffnete Modell passt nicht zu den geladenen Daten: %1</translation>
    </message>
    <message>
        <source>%1 training and %2 validation sequences of observations with D = %3 numbers each; the longest has %4 time steps.</source>
        <translation>%1 Trainings- und %2 Validierungssequenzen von Beobachtungen mit je D = %3 Zahlen; die längste hat %4 Zeitschritte.</translation>
    </message>
    <message>
        <source>The data holds observations (numbers): build a model of a family that reads them (%1).</source>
        <translation>Die Daten enthalten Beobachtungen (Zahlen): Bauen Sie ein Modell einer Familie, die sie liest (%1).</translation>
    </message>
    <message>
        <source>The data holds tokens, and a %1 reads observations (numbers): load its task or a numbers file.</source>
        <translation>Die Daten enthalten Tokens, und ein %1 liest Beobachtungen (Zahlen): Laden Sie seine Aufgabe oder eine Zahlendatei.</translation>
    </message>
    <message>
        <source>D = %1, and the data&apos;s observations have %2 numbers each.</source>
        <translation>D = %1, aber die Beobachtungen der Daten haben je %2 Zahlen.</translation>
    </message>
    <message>
        <source>An imported model: every view works without data. To fine-tune it, open a data file in the Data dock: it is read with the model&apos;s own tokenizer.</source>
        <translation>Ein importiertes Modell: Jede Ansicht funktioniert ohne Daten. Zum Feinabstimmen öffnen Sie im Bereich „Daten“ eine Datendatei: Sie wird mit dem eigenen Tokenizer des Modells gelesen.</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>Post-LN (seed 000)</source>
        <translation>Post-LN (Vorlage 000)</translation>
    </message>
    <message>
        <source>Pre-LN (seed 002)</source>
        <translation>Pre-LN (Vorlage 002)</translation>
    </message>
    <message>
        <source>W_u = W_eᵀ</source>
        <translation>W_u = W_eᵀ</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>Normierung</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>Gekoppelt</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Bauen</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The open model does not match the data: %1</source>
        <translation>Das geöffnete Modell passt nicht zu den Daten: %1</translation>
    </message>
    <message>
        <source>Norm placement</source>
        <translation>Lage der Normierung</translation>
    </message>
    <message>
        <source>Tied unembedding: W_u = W_eᵀ</source>
        <translation>Gekoppeltes Unembedding: W_u = W_eᵀ</translation>
    </message>
    <message>
        <source>%1 parameters; training needs at least about %2 MB</source>
        <translation>%1 Parameter; das Training braucht mindestens etwa %2 MB</translation>
    </message>
    <message>
        <source>Parameters %1 MB, gradients %2 MB, optimizer state %3 MB, activations of one sequence of ℓ_max tokens %4 MB. A larger batch needs more; the Training dock checks it.</source>
        <translation>Parameter %1 MB, Gradienten %2 MB, Optimiererzustand %3 MB, Aktivierungen einer Sequenz von ℓ_max Tokens %4 MB. Ein größerer Batch braucht mehr; das prüft das Training-Dock.</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigene Größen</translation>
    </message>
    <message>
        <source>ReLU: max(0, ·)</source>
        <translation>ReLU: max(0, ·)</translation>
    </message>
    <message>
        <source>Cell f</source>
        <translation>Zelle f</translation>
    </message>
    <message>
        <source>LSTM: gates i, f, g, o</source>
        <translation>LSTM: Gates i, f, g, o</translation>
    </message>
    <message>
        <source>The recurrent cell: its activation f, or an LSTM</source>
        <translation>Die rekurrente Zelle: ihre Aktivierung f oder ein LSTM</translation>
    </message>
    <message>
        <source>Additive attention over the encoder&apos;s states</source>
        <translation>Additive Aufmerksamkeit über die Zustände des Encoders</translation>
    </message>
    <message>
        <source>Bahdanau et al. 2015: at each step the decoder reads a weighted sum of all the encoder&apos;s states, not only c.</source>
        <translation>Bahdanau et al. 2015: Bei jedem Schritt liest der Decoder eine gewichtete Summe aller Zustände des Encoders, nicht nur c.</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <source>additive</source>
        <translation>additiv</translation>
    </message>
    <message>
        <source>The numbers of one observation: the data&apos;s, when observations are loaded</source>
        <translation>Die Zahlen einer Beobachtung: die der Daten, wenn Beobachtungen geladen sind</translation>
    </message>
    <message>
        <source>%1 parameters; training needs less than 0.1 MB</source>
        <translation>%1 Parameter; das Training braucht weniger als 0,1 MB</translation>
    </message>
</context>
<context>
    <name>ModelWriter</name>
    <message>
        <source>not enough memory to write %1</source>
        <translation>nicht genug Arbeitsspeicher, um %1 zu schreiben</translation>
    </message>
</context>
<context>
    <name>ObservationsController</name>
    <message>
        <source>Build or open an HMM with Gaussian mixtures (Model dock): the observations appear here, coloured by the state it assigns them.</source>
        <translation>Bauen oder öffnen Sie ein HMM mit Gauß-Mischungen (Modell-Dock): Die Beobachtungen erscheinen hier, gefärbt nach dem Zustand, den es ihnen zuordnet.</translation>
    </message>
    <message>
        <source>This view shows a model of observations (numbers); the open model reads tokens.</source>
        <translation>Diese Ansicht zeigt ein Modell für Beobachtungen (Zahlen); das geöffnete Modell liest Tokens.</translation>
    </message>
    <message>
        <source>Build or open a model first.</source>
        <translation>Bauen oder öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>Finding the most probable state paths…</source>
        <translation>Die wahrscheinlichsten Zustandspfade werden gesucht …</translation>
    </message>
</context>
<context>
    <name>ObservationsPanel</name>
    <message>
        <source>Sequences shown</source>
        <translation>Gezeigte Sequenzen</translation>
    </message>
    <message>
        <source>Dimension across</source>
        <translation>Dimension waagerecht</translation>
    </message>
    <message>
        <source>Dimension up</source>
        <translation>Dimension senkrecht</translation>
    </message>
    <message>
        <source>Observations coloured by their Viterbi state, with each state&apos;s Gaussians</source>
        <translation>Beobachtungen, gefärbt nach ihrem Viterbi-Zustand, mit den Gauß-Verteilungen jedes Zustands</translation>
    </message>
    <message>
        <source>Sequences</source>
        <translation>Sequenzen</translation>
    </message>
    <message>
        <source>Across</source>
        <translation>Waagerecht</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Senkrecht</translation>
    </message>
    <message>
        <source>Sequence %1</source>
        <translation>Sequenz %1</translation>
    </message>
    <message>
        <source>o[%1]</source>
        <translation>o[%1]</translation>
    </message>
    <message>
        <source>the sequence in time</source>
        <translation>die Sequenz in der Zeit</translation>
    </message>
    <message>
        <source>state %1</source>
        <translation>Zustand %1</translation>
    </message>
    <message>
        <source>state %1, Gaussian %2 (w = %3)</source>
        <translation>Zustand %1, Gauß-Verteilung %2 (w = %3)</translation>
    </message>
    <message>
        <source>validation sequence %1</source>
        <translation>der Validierungssequenz %1</translation>
    </message>
    <message>
        <source>After %1 EM iterations: each point is one observation of %2, coloured by the state of Viterbi&apos;s most probable path; each ellipse is one Gaussian of a state at two standard deviations (stronger for a larger mixture weight). log p = %3 nats, %4 per observation.</source>
        <translation>Nach %1 EM-Iterationen: Jeder Punkt ist eine Beobachtung %2, gefärbt nach dem Zustand des wahrscheinlichsten Pfads (Viterbi); jede Ellipse ist eine Gauß-Verteilung eines Zustands bei zwei Standardabweichungen (kräftiger bei größerem Mischungsgewicht). log p = %3 nats, %4 pro Beobachtung.</translation>
    </message>
    <message>
        <source>The paths agree with the states that drew the data at %1 % of the time steps (the states numbered as well as they match: EM does not know their names).</source>
        <translation>Die Pfade stimmen an %1 % der Zeitschritte mit den Zuständen überein, die die Daten erzeugt haben (die Zustände so nummeriert, wie sie am besten passen: EM kennt ihre Namen nicht).</translation>
    </message>
    <message>
        <source>Previous sequence</source>
        <translation>Vorige Sequenz</translation>
    </message>
    <message>
        <source>Next sequence</source>
        <translation>Nächste Sequenz</translation>
    </message>
    <message>
        <source>the Gaussians of state %1</source>
        <translation>die Gauß-Verteilungen von Zustand %1</translation>
    </message>
    <message>
        <source>Drawn: the %1 heaviest Gaussians of the %2 states the paths use (of %3 × %4).</source>
        <translation>Gezeichnet: die %1 Gauß-Verteilungen mit den größten Gewichten aus den %2 Zuständen, die die Pfade nutzen (von %3 × %4).</translation>
    </message>
    <message>
        <source>training sequence %1</source>
        <translation>der Trainingssequenz %1</translation>
    </message>
    <message>
        <source>No sequences of observations yet</source>
        <translation>Noch keine Sequenzen von Beobachtungen</translation>
    </message>
    <message>
        <source>The first validation sequence</source>
        <translation>Die erste Validierungssequenz</translation>
    </message>
    <message>
        <source>The first %1 validation sequences</source>
        <translation>Die ersten %1 Validierungssequenzen</translation>
    </message>
    <message>
        <source>The first training sequence</source>
        <translation>Die erste Trainingssequenz</translation>
    </message>
    <message>
        <source>The first %1 training sequences</source>
        <translation>Die ersten %1 Trainingssequenzen</translation>
    </message>
    <message>
        <source>the first %1 validation sequences</source>
        <translation>der ersten %1 Validierungssequenzen</translation>
    </message>
    <message>
        <source>the first %1 training sequences</source>
        <translation>der ersten %1 Trainingssequenzen</translation>
    </message>
</context>
<context>
    <name>ParametersPanel</name>
    <message>
        <source>Build a model to see its parameters.</source>
        <translation>Bauen Sie ein Modell, um seine Parameter zu sehen.</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>Tensor</translation>
    </message>
    <message>
        <source>θ</source>
        <translation>θ</translation>
    </message>
    <message>
        <source>∂J/∂θ</source>
        <translation>∂J/∂θ</translation>
    </message>
    <message>
        <source>Δθ</source>
        <translation>Δθ</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>every tensor (grey)</source>
        <translation>jeder Tensor (grau)</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>logarithmisch</translation>
    </message>
    <message>
        <source>W_e — token embedding: column v is the vector of token v</source>
        <translation>W_e — Token-Embedding: Spalte v ist der Vektor von Token v</translation>
    </message>
    <message>
        <source>W_p — positional embedding: column t is added at position t</source>
        <translation>W_p — Positions-Embedding: Spalte t wird an Position t addiert</translation>
    </message>
    <message>
        <source>W_u — unembedding: P = softmax(W_u X)</source>
        <translation>W_u — Unembedding: P = softmax(W_u X)</translation>
    </message>
    <message>
        <source>γ of the final layer norm</source>
        <translation>γ der letzten Layer-Norm</translation>
    </message>
    <message>
        <source>β of the final layer norm</source>
        <translation>β der letzten Layer-Norm</translation>
    </message>
    <message>
        <source>encoder layer %1</source>
        <translation>Encoder-Schicht %1</translation>
    </message>
    <message>
        <source>decoder layer %1</source>
        <translation>Decoder-Schicht %1</translation>
    </message>
    <message>
        <source>self-attention (bidirectional)</source>
        <translation>Selbstaufmerksamkeit (bidirektional)</translation>
    </message>
    <message>
        <source>masked self-attention</source>
        <translation>maskierte Selbstaufmerksamkeit</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>Kreuzaufmerksamkeit</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>layer norm %1</source>
        <translation>Layer-Norm %1</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2, %3</translation>
    </message>
    <message>
        <source>row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <source>token v</source>
        <translation>Token v</translation>
    </message>
    <message>
        <source>position t</source>
        <translation>Position t</translation>
    </message>
    <message>
        <source>θ: the values (‖θ‖ = %1)</source>
        <translation>θ: die Werte (‖θ‖ = %1)</translation>
    </message>
    <message>
        <source>∂J/∂θ of step %1, as the optimizer used it (‖·‖ = %2)</source>
        <translation>∂J/∂θ von Schritt %1, wie der Optimierer ihn verwendet hat (‖·‖ = %2)</translation>
    </message>
    <message>
        <source>Δθ: what step %1 changed (‖Δθ‖ = %2)</source>
        <translation>Δθ: was Schritt %1 geändert hat (‖Δθ‖ = %2)</translation>
    </message>
    <message>
        <source>Each map has its own symmetric scale: white is 0, purple positive, orange negative.</source>
        <translation>Jede Karte hat ihre eigene symmetrische Skala: Weiß ist 0, Lila positiv, Orange negativ.</translation>
    </message>
    <message>
        <source>∂J/∂θ: take a training step to see it</source>
        <translation>∂J/∂θ: Machen Sie einen Trainingsschritt, um ihn zu sehen</translation>
    </message>
    <message>
        <source>Δθ: take a training step to see it</source>
        <translation>Δθ: Machen Sie einen Trainingsschritt, um es zu sehen</translation>
    </message>
    <message>
        <source>The gradient and the update appear after the first training step (Step in the Training dock takes exactly one).</source>
        <translation>Gradient und Update erscheinen nach dem ersten Trainingsschritt (Schritt im Training-Dock macht genau einen).</translation>
    </message>
    <message>
        <source>all tensors</source>
        <translation>alle Tensoren</translation>
    </message>
    <message>
        <source>Previous tensor</source>
        <translation>Vorheriger Tensor</translation>
    </message>
    <message>
        <source>Next tensor</source>
        <translation>Nächster Tensor</translation>
    </message>
    <message>
        <source>Values θ of the tensor</source>
        <translation>Werte θ des Tensors</translation>
    </message>
    <message>
        <source>Gradient ∂J/∂θ of the tensor</source>
        <translation>Gradient ∂J/∂θ des Tensors</translation>
    </message>
    <message>
        <source>Update Δθ of the tensor</source>
        <translation>Update Δθ des Tensors</translation>
    </message>
    <message>
        <source>Gradient norm over training</source>
        <translation>Gradientennorm im Training</translation>
    </message>
    <message>
        <source>‖∂J/∂θ‖</source>
        <translation>‖∂J/∂θ‖</translation>
    </message>
    <message>
        <source>Gradient norm ‖∂J/∂θ‖ over training (before clipping): all tensors together and the chosen one</source>
        <translation>Gradientennorm ‖∂J/∂θ‖ über das Training (vor dem Clipping): alle Tensoren zusammen und der gewählte</translation>
    </message>
    <message>
        <source>%1
Shape %2 = %3 × %4 (%5 numbers).</source>
        <translation>%1
Form %2 = %3 × %4 (%5 Zahlen).</translation>
    </message>
    <message>
        <source>B — the bigram table: column v scores the token that follows token v, P = softmax(B[:, v])</source>
        <translation>B — die Bigramm-Tabelle: Spalte v bewertet das Token, das auf Token v folgt, P = softmax(B[:, v])</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>nächstes Token</translation>
    </message>
    <message>
        <source>after token v</source>
        <translation>nach Token v</translation>
    </message>
    <message>
        <source>b — the recurrent state&apos;s bias</source>
        <translation>b — der Bias des rekurrenten Zustands</translation>
    </message>
    <message>
        <source>b_u — the output bias: P = softmax(W_u h + b_u)</source>
        <translation>b_u — der Ausgabe-Bias: P = softmax(W_u h + b_u)</translation>
    </message>
    <message>
        <source>V — the recurrence: how the state hⱼ₋₁ enters hⱼ = f(V hⱼ₋₁ + A eⱼ + b)</source>
        <translation>V — die Rekurrenz: wie der Zustand hⱼ₋₁ in hⱼ = f(V hⱼ₋₁ + A eⱼ + b) eingeht</translation>
    </message>
    <message>
        <source>A — the input: how the token&apos;s embedding eⱼ = W_e[:, xⱼ] enters hⱼ</source>
        <translation>A — die Eingabe: wie die Einbettung des Tokens eⱼ = W_e[:, xⱼ] in hⱼ eingeht</translation>
    </message>
    <message>
        <source>V_enc — the encoder&apos;s recurrence: how gᵢ₋₁ enters gᵢ, the state after zᵢ</source>
        <translation>V_enc — die Rekurrenz des Encoders: wie gᵢ₋₁ in gᵢ eingeht, den Zustand nach zᵢ</translation>
    </message>
    <message>
        <source>A_enc — the encoder&apos;s input: how the source token&apos;s embedding enters gᵢ</source>
        <translation>A_enc — die Eingabe des Encoders: wie die Einbettung des Quelltokens in gᵢ eingeht</translation>
    </message>
    <message>
        <source>b_enc — the encoder&apos;s bias</source>
        <translation>b_enc — der Bias des Encoders</translation>
    </message>
    <message>
        <source>V_dec — the decoder&apos;s recurrence: how hⱼ₋₁ enters hⱼ (h₀ = c, the encoder&apos;s last state)</source>
        <translation>V_dec — die Rekurrenz des Decoders: wie hⱼ₋₁ in hⱼ eingeht (h₀ = c, der letzte Zustand des Encoders)</translation>
    </message>
    <message>
        <source>A_dec — the decoder&apos;s input: how the target token&apos;s embedding enters hⱼ</source>
        <translation>A_dec — die Eingabe des Decoders: wie die Einbettung des Ziel-Tokens in hⱼ eingeht</translation>
    </message>
    <message>
        <source>b_dec — the decoder&apos;s bias</source>
        <translation>b_dec — der Bias des Decoders</translation>
    </message>
    <message>
        <source>π — where the hidden chain starts: π[k] = P(z₁ = k)</source>
        <translation>π — wo die verborgene Kette beginnt: π[k] = P(z₁ = k)</translation>
    </message>
    <message>
        <source>T — the transitions: column j is P(zₜ₊₁ | zₜ = j)</source>
        <translation>T — die Übergänge: Spalte j ist P(zₜ₊₁ | zₜ = j)</translation>
    </message>
    <message>
        <source>E — the emissions: column k is P(xₜ | zₜ = k)</source>
        <translation>E — die Emissionen: Spalte k ist P(xₜ | zₜ = k)</translation>
    </message>
    <message>
        <source>C — how the attention&apos;s context ctxⱼ = Σᵢ αⱼᵢ gᵢ enters hⱼ</source>
        <translation>C — wie der Kontext der Aufmerksamkeit ctxⱼ = Σᵢ αⱼᵢ gᵢ in hⱼ eingeht</translation>
    </message>
    <message>
        <source>W_a — the attention&apos;s query: how hⱼ₋₁ enters the score of each encoder state</source>
        <translation>W_a — die Abfrage der Aufmerksamkeit: wie hⱼ₋₁ in die Bewertung jedes Encoder-Zustands eingeht</translation>
    </message>
    <message>
        <source>U_a — the attention&apos;s keys: how each encoder state gᵢ enters its score</source>
        <translation>U_a — die Schlüssel der Aufmerksamkeit: wie jeder Encoder-Zustand gᵢ in seine Bewertung eingeht</translation>
    </message>
    <message>
        <source>v_a — the attention&apos;s score: αⱼᵢ ∝ exp(v_aᵀ tanh(W_a hⱼ₋₁ + U_a gᵢ))</source>
        <translation>v_a — die Bewertung der Aufmerksamkeit: αⱼᵢ ∝ exp(v_aᵀ tanh(W_a hⱼ₋₁ + U_a gᵢ))</translation>
    </message>
    <message>
        <source>next state i</source>
        <translation>nächster Zustand i</translation>
    </message>
    <message>
        <source>from state j</source>
        <translation>von Zustand j</translation>
    </message>
    <message>
        <source>state k</source>
        <translation>Zustand k</translation>
    </message>
    <message>
        <source>∂J/∂θ: none — EM computes no gradient, it re-estimates each probability from the expected counts</source>
        <translation>∂J/∂θ: keiner — EM berechnet keinen Gradienten, es schätzt jede Wahrscheinlichkeit aus den erwarteten Häufigkeiten neu</translation>
    </message>
    <message>
        <source>Δθ: not shown for EM (the trainer records the optimizer&apos;s updates only)</source>
        <translation>Δθ: für EM nicht gezeigt (das Training zeichnet nur die Schritte des Optimierers auf)</translation>
    </message>
    <message>
        <source>w — the mixture weights: column k is state k&apos;s weight on each of its M Gaussians</source>
        <translation>w — die Mischungsgewichte: Spalte k ist das Gewicht von Zustand k auf jeder seiner M Gauß-Verteilungen</translation>
    </message>
    <message>
        <source>μ — the means: row k·M + m is the centre of state k&apos;s Gaussian m in R^D</source>
        <translation>μ — die Mittelwerte: Zeile k·M + m ist das Zentrum der Gauß-Verteilung m von Zustand k in R^D</translation>
    </message>
    <message>
        <source>σ² — the variances: row k·M + m is the spread of state k&apos;s Gaussian m in each dimension (diagonal covariance)</source>
        <translation>σ² — die Varianzen: Zeile k·M + m ist die Streuung der Gauß-Verteilung m von Zustand k in jeder Dimension (diagonale Kovarianz)</translation>
    </message>
    <message>
        <source>Gaussian m</source>
        <translation>Gauß-Verteilung m</translation>
    </message>
    <message>
        <source>state k, Gaussian m</source>
        <translation>Zustand k, Gauß-Verteilung m</translation>
    </message>
    <message>
        <source>dimension d</source>
        <translation>Dimension d</translation>
    </message>
    <message>
        <source>k%1 m%2</source>
        <translation>k%1 m%2</translation>
    </message>
    <message>
        <source>Shown: the first %1 and %2.</source>
        <translation>Gezeigt: die ersten %1 und %2.</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 Zeile</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 Zeilen</translation>
    </message>
    <message>
        <source>1 column</source>
        <translation>1 Spalte</translation>
    </message>
    <message>
        <source>%1 columns</source>
        <translation>%1 Spalten</translation>
    </message>
</context>
<context>
    <name>PerturbationController</name>
    <message>
        <source>Build or open a model first.</source>
        <translation>Bauen oder öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>The model cannot read “%1”: it needs a tokenizer that knows its words, and at most %2 tokens.</source>
        <translation>Das Modell kann „%1“ nicht lesen: Es braucht einen Tokenizer, der die Wörter kennt, und höchstens %2 Tokens.</translation>
    </message>
    <message>
        <source>Type a sentence first.</source>
        <translation>Tippen Sie zuerst einen Satz.</translation>
    </message>
    <message>
        <source>The sentence has no token at position %1.</source>
        <translation>Der Satz hat kein Token an Position %1.</translation>
    </message>
    <message>
        <source>The vocabulary has no token %1.</source>
        <translation>Das Vokabular hat kein Token %1.</translation>
    </message>
</context>
<context>
    <name>PerturbationPanel</name>
    <message>
        <source>&amp;Sentence:</source>
        <translation>&amp;Satz:</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetze</translation>
    </message>
    <message>
        <source>&amp;by</source>
        <translation>&amp;durch</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>Satz</translation>
    </message>
    <message>
        <source>Token to replace</source>
        <translation>Zu ersetzendes Token</translation>
    </message>
    <message>
        <source>Replacement token</source>
        <translation>Ersatz-Token</translation>
    </message>
    <message>
        <source>Build a model, then replace one token of a sentence and see which columns change.</source>
        <translation>Bauen Sie ein Modell, ersetzen Sie dann ein Token eines Satzes und sehen Sie, welche Spalten sich ändern.</translation>
    </message>
    <message>
        <source>Change of each encoder column</source>
        <translation>Änderung jeder Encoder-Spalte</translation>
    </message>
    <message>
        <source>‖change‖</source>
        <translation>‖Änderung‖</translation>
    </message>
    <message>
        <source>Change of each decoder column</source>
        <translation>Änderung jeder Decoder-Spalte</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>Token %1</translation>
    </message>
    <message>
        <source>source %1</source>
        <translation>Quelle %1</translation>
    </message>
    <message>
        <source>target %1</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>P (next token)</source>
        <translation>P (nächstes Token)</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>final norm</source>
        <translation>letzte Norm</translation>
    </message>
    <message>
        <source>column (the token it reads)</source>
        <translation>Spalte (das Token, das sie liest)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Encoder&lt;/b&gt; (bidirectional self-attention): the change of each column of Z</source>
        <translation>&lt;b&gt;Encoder&lt;/b&gt; (bidirektionale Selbstaufmerksamkeit): die Änderung jeder Spalte von Z</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decoder&lt;/b&gt; (causal self-attention and cross-attention): the change of each column of X and of the distribution P it predicts</source>
        <translation>&lt;b&gt;Decoder&lt;/b&gt; (kausale Selbstaufmerksamkeit und Kreuzaufmerksamkeit): die Änderung jeder Spalte von X und der Verteilung P, die sie vorhersagt</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decoder&lt;/b&gt; (causal self-attention): the change of each column of X and of the distribution P it predicts</source>
        <translation>&lt;b&gt;Decoder&lt;/b&gt; (kausale Selbstaufmerksamkeit): die Änderung jeder Spalte von X und der Verteilung P, die sie vorhersagt</translation>
    </message>
    <message>
        <source>“%1” → “%2”.</source>
        <translation>„%1“ → „%2“.</translation>
    </message>
    <message>
        <source>The causal mask lets no column read a later token: the columns before the replaced one cannot change.</source>
        <translation>Die kausale Maske lässt keine Spalte ein späteres Token lesen: Die Spalten vor dem ersetzten können sich nicht ändern.</translation>
    </message>
    <message>
        <source>Every encoder column reads every source token, and every decoder column reads the encoder: everything changes.</source>
        <translation>Jede Encoder-Spalte liest jedes Quelltoken, und jede Decoder-Spalte liest den Encoder: Alles ändert sich.</translation>
    </message>
    <message>
        <source>“%1” → “%2”</source>
        <translation>„%1“ → „%2“</translation>
    </message>
    <message>
        <source>Previous token</source>
        <translation>Vorheriges Token</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>Nächstes Token</translation>
    </message>
    <message>
        <source>Tracing both forward passes…</source>
        <translation>Beide Vorwärtsdurchläufe werden aufgezeichnet …</translation>
    </message>
    <message>
        <source>Perturbation progress</source>
        <translation>Fortschritt des Störungsexperiments</translation>
    </message>
    <message>
        <source>Cancel the perturbation</source>
        <translation>Störungsexperiment abbrechen</translation>
    </message>
    <message>
        <source>The experiment was cancelled: change the sentence or the token to run it again.</source>
        <translation>Das Experiment wurde abgebrochen: Ändern Sie den Satz oder das Token, um es erneut auszuführen.</translation>
    </message>
    <message>
        <source>Decoding the model&apos;s own continuation of the sentence…</source>
        <translation>Das Modell dekodiert zuerst seine eigene Fortsetzung des Satzes …</translation>
    </message>
    <message>
        <source>state gₜ</source>
        <translation>Zustand gₜ</translation>
    </message>
    <message>
        <source>state hⱼ</source>
        <translation>Zustand hⱼ</translation>
    </message>
    <message>
        <source>&lt;b&gt;Encoder&lt;/b&gt; (an RNN reading the source left to right): the change of each state gₜ</source>
        <translation>&lt;b&gt;Encoder&lt;/b&gt; (ein RNN, das die Quelle von links nach rechts liest): die Änderung jedes Zustands gₜ</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decoder&lt;/b&gt; (an RNN starting from c, the encoder&apos;s last state): the change of each state hⱼ and of the distribution P it predicts</source>
        <translation>&lt;b&gt;Decoder&lt;/b&gt; (ein RNN, das bei c beginnt, dem letzten Zustand des Encoders): die Änderung jedes Zustands hⱼ und der Verteilung P, die er vorhersagt</translation>
    </message>
    <message>
        <source>&lt;b&gt;RNN&lt;/b&gt; (one token after another): the change of each state hⱼ and of the distribution P it predicts</source>
        <translation>&lt;b&gt;RNN&lt;/b&gt; (ein Token nach dem anderen): die Änderung jedes Zustands hⱼ und der Verteilung P, die es vorhersagt</translation>
    </message>
    <message>
        <source>The encoder reads the source left to right: its states before the replaced token stay exactly as they were, every state from it on changes — and with the last, c, every decoder state.</source>
        <translation>Der Encoder liest die Quelle von links nach rechts: Seine Zustände vor dem ersetzten Token bleiben genau, wie sie waren, jeder Zustand ab ihm ändert sich — und mit dem letzten, c, jeder Zustand des Decoders.</translation>
    </message>
    <message>
        <source>Each state reads only the tokens before it: the states before the replaced one cannot change.</source>
        <translation>Jeder Zustand liest nur die Tokens vor ihm: Die Zustände vor dem ersetzten können sich nicht ändern.</translation>
    </message>
    <message>
        <source>This step replaces “%1”, and this sentence has no such token: choose the token to replace.</source>
        <translation>Dieser Schritt ersetzt „%1“, doch dieser Satz hat kein solches Token: Wählen Sie das zu ersetzende Token.</translation>
    </message>
    <message>
        <source>This step replaces %1 %2, and this sentence is shorter: choose the token to replace.</source>
        <translation>Dieser Schritt ersetzt %1 %2, doch dieser Satz ist kürzer: Wählen Sie das zu ersetzende Token.</translation>
    </message>
    <message>
        <source>source token</source>
        <translation>Quelltoken</translation>
    </message>
    <message>
        <source>target token</source>
        <translation>Zieltoken</translation>
    </message>
    <message>
        <source>Encoder: its output changed in %1 of %2 columns.</source>
        <translation>Encoder: seine Ausgabe hat sich in %1 von %2 Spalten geändert.</translation>
    </message>
    <message>
        <source>Decoder: P changed in %1 of %2 columns, %3 bit for bit the same (=).</source>
        <translation>Decoder: P hat sich in %1 von %2 Spalten geändert, %3 Bit für Bit gleich (=).</translation>
    </message>
    <message>
        <source>P changed in %1 of %2 columns, %3 bit for bit the same (=).</source>
        <translation>P hat sich in %1 von %2 Spalten geändert, %3 Bit für Bit gleich (=).</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>Lessons</source>
        <translation>Lektionen</translation>
    </message>
    <message>
        <source>Picture of the lesson “%1”</source>
        <translation>Bild der Lektion „%1“</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open the lesson “%1”</source>
        <translation>Die Lektion „%1“ öffnen</translation>
    </message>
    <message>
        <source>Built-in lessons</source>
        <translation>Eingebaute Lektionen</translation>
    </message>
    <message>
        <source>Open a Lesson File…</source>
        <translation>Eine Lektionsdatei öffnen …</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>Lektion öffnen</translation>
    </message>
    <message>
        <source>Glassbox lessons (*.glassbox-lesson *.json);;All files (*)</source>
        <translation>Glassbox-Lektionen (*.glassbox-lesson *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Lessons ready in seconds&lt;/h2&gt;&lt;p&gt;Each lesson builds its model and trains it from a fixed seed while you watch (or imports a real one), then opens the view it is about. F5 presents it.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Lektionen, in Sekunden bereit&lt;/h2&gt;&lt;p&gt;Jede Lektion baut ihr Modell und trainiert es vor Ihren Augen aus einem festen Startwert (oder importiert ein echtes), dann öffnet sie die Ansicht, um die es geht. F5 präsentiert sie.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>StatesController</name>
    <message>
        <source>Build or open a model first.</source>
        <translation>Bauen oder öffnen Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>Type a probe: the network reads it token by token.</source>
        <translation>Geben Sie eine Probe ein: Das Netz liest sie Token für Token.</translation>
    </message>
    <message>
        <source>The model cannot read “%1”: it needs a tokenizer that knows its words, at least two tokens and at most %2.</source>
        <translation>Das Modell kann „%1“ nicht lesen: Es braucht einen Tokenizer, der seine Wörter kennt, mindestens zwei und höchstens %2 Tokens.</translation>
    </message>
    <message>
        <source>Build or open a model with hidden states (Model dock, Variant: RNN or HMM): its states appear here.</source>
        <translation>Bauen oder öffnen Sie ein Modell mit verborgenen Zuständen (Modell-Dock, Variante: RNN oder HMM): Seine Zustände erscheinen hier.</translation>
    </message>
    <message>
        <source>This view shows the hidden states of an RNN or an HMM; the open model is another kind.</source>
        <translation>Diese Ansicht zeigt die verborgenen Zustände eines RNN oder eines HMM; das geöffnete Modell ist eine andere Art.</translation>
    </message>
</context>
<context>
    <name>StatesPanel</name>
    <message>
        <source>Probe the network reads</source>
        <translation>Probe, die das Netz liest</translation>
    </message>
    <message>
        <source>Hidden states, one column per token</source>
        <translation>Verborgene Zustände, eine Spalte je Token</translation>
    </message>
    <message>
        <source>steps back from the loss</source>
        <translation>Schritte zurück vom Verlust</translation>
    </message>
    <message>
        <source>‖∂J/∂h‖</source>
        <translation>‖∂J/∂h‖</translation>
    </message>
    <message>
        <source>How far back the gradient reaches</source>
        <translation>Wie weit der Gradient zurückreicht</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>The network reads “%1” one token after another: each state hⱼ needs the one before it, so the %2 steps run one after another (after %3 training steps).</source>
        <translation>Das Netz liest „%1“ ein Token nach dem anderen: Jeder Zustand hⱼ braucht den vorigen, also laufen die %2 Schritte nacheinander (nach %3 Trainingsschritten).</translation>
    </message>
    <message>
        <source>Hidden states h₁ … h%1 (d_h = %2 rows, one column per token read)</source>
        <translation>Verborgene Zustände h₁ … h%1 (d_h = %2 Zeilen, eine Spalte je gelesenem Token)</translation>
    </message>
    <message>
        <source>unit of h</source>
        <translation>Einheit von h</translation>
    </message>
    <message>
        <source>h%1[%2] = %3 (after “%4”)</source>
        <translation>h%1[%2] = %3 (nach „%4“)</translation>
    </message>
    <message>
        <source>Probe: “%1”</source>
        <translation>Probe: „%1“</translation>
    </message>
    <message>
        <source>Next probe</source>
        <translation>Nächste Probe</translation>
    </message>
    <message>
        <source>Show the states of the next probe</source>
        <translation>Die Zustände der nächsten Probe zeigen</translation>
    </message>
    <message>
        <source>token read</source>
        <translation>gelesenes Token</translation>
    </message>
    <message>
        <source>State posteriors, one column per token</source>
        <translation>A-posteriori-Verteilungen der Zustände, eine Spalte je Token</translation>
    </message>
    <message>
        <source>State posteriors P(zₜ = k | x₁ … x%1): K = %2 rows, one column per token (each column sums to 1)</source>
        <translation>A-posteriori-Wahrscheinlichkeiten der Zustände P(zₜ = k | x₁ … x%1): K = %2 Zeilen, eine Spalte je Token (jede Spalte summiert sich zu eins)</translation>
    </message>
    <message>
        <source>state k</source>
        <translation>Zustand k</translation>
    </message>
    <message>
        <source>P(z%1 = %2 | probe) = %3 (at “%4”)</source>
        <translation>P(z%1 = %2 | Probe) = %3 (bei „%4“)</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>The most probable path of states (Viterbi). At %1 of %2 tokens it runs through the state that is most probable there on its own; where it does not, the best path as a whole and the best state at one token differ.</source>
        <translation>Der wahrscheinlichste Pfad der Zustände (Viterbi). Bei %1 von %2 Tokens läuft er durch den Zustand, der dort für sich allein am wahrscheinlichsten ist; wo nicht, unterscheiden sich der beste Pfad als Ganzes und der beste Zustand an einem Token.</translation>
    </message>
    <message>
        <source>The HMM reads “%1”: for each token, how probable each hidden state is given the whole probe (forward–backward), and the one most probable path of states (Viterbi), after %2 EM iterations.</source>
        <translation>Das HMM liest „%1“: für jedes Token, wie wahrscheinlich jeder verborgene Zustand angesichts der ganzen Probe ist (Vorwärts-Rückwärts), und den einen wahrscheinlichsten Pfad der Zustände (Viterbi), nach %2 EM-Iterationen.</translation>
    </message>
    <message>
        <source>log P(probe) = %1 nats.</source>
        <translation>log P(Probe) = %1 nats.</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>It gives %1 probability 0 (EM gives 0 to every token its training data lacks), so log P(probe) = −∞; the states read it as a missing observation.</source>
        <translation>Es gibt %1 die Wahrscheinlichkeit 0 (EM gibt jedem Token, das in seinen Trainingsdaten fehlt, 0), also ist log P(Probe) = −∞; die Zustände lesen es als fehlende Beobachtung.</translation>
    </message>
    <message>
        <source>The encoder reads the source “%1” one token after another; the decoder writes the target starting from c, the encoder&apos;s last state, and at each step also reads a weighted sum of all the encoder&apos;s states (additive attention), after %2 training steps.</source>
        <translation>Der Encoder liest die Quelle „%1“ Token für Token; der Decoder schreibt das Ziel, beginnend bei c, dem letzten Zustand des Encoders, und liest bei jedem Schritt zusätzlich eine gewichtete Summe aller Zustände des Encoders (additive Aufmerksamkeit), nach %2 Trainingsschritten.</translation>
    </message>
    <message>
        <source>The encoder reads the source “%1” one token after another; all the decoder gets of it is c, the encoder&apos;s last state, where it starts (after %2 training steps). However long the source, c has d_h = %3 numbers: the bottleneck.</source>
        <translation>Der Encoder liest die Quelle „%1“ Token für Token; alles, was der Decoder davon bekommt, ist c, der letzte Zustand des Encoders, bei dem er beginnt (nach %2 Trainingsschritten). Wie lang die Quelle auch ist, c hat d_h = %3 Zahlen: der Engpass.</translation>
    </message>
    <message>
        <source>unit of the state</source>
        <translation>Einheit des Zustands</translation>
    </message>
    <message>
        <source>h%1[%2] = %3 (decoder, after “%4”)</source>
        <translation>h%1[%2] = %3 (Decoder, nach „%4“)</translation>
    </message>
    <message>
        <source>source token</source>
        <translation>Quelltoken</translation>
    </message>
    <message>
        <source>target token read</source>
        <translation>gelesenes Token des Ziels</translation>
    </message>
    <message>
        <source>α = %1: reading “%2”, the decoder looks at “%3”</source>
        <translation>α = %1: beim Lesen von „%2“ schaut der Decoder auf „%3“</translation>
    </message>
    <message>
        <source>Above, the attention: where each decoder step looks in the source, one column per target token read (each column sums to 1).</source>
        <translation>Oben die Aufmerksamkeit: wohin jeder Schritt des Decoders in der Quelle schaut, eine Spalte je gelesenem Token des Ziels (jede Spalte summiert sich zu eins).</translation>
    </message>
    <message>
        <source>Encoder states g₁ … g%1 (c = g%1), then decoder states h₁ … h%2: d_h = %3 rows, one column per token read</source>
        <translation>Zustände des Encoders g₁ … g%1 (c = g%1), dann des Decoders h₁ … h%2: d_h = %3 Zeilen, eine Spalte je gelesenem Token</translation>
    </message>
    <message>
        <source>g%1[%2] = %3 (encoder, after “%4”)</source>
        <translation>g%1[%2] = %3 (Encoder, nach „%4“)</translation>
    </message>
    <message>
        <source>Attention weights, one column per target token read</source>
        <translation>Gewichte der Aufmerksamkeit, eine Spalte je gelesenem Token des Ziels</translation>
    </message>
    <message>
        <source>‖∂J/∂state‖</source>
        <translation>‖∂J/∂Zustand‖</translation>
    </message>
    <message>
        <source>decoder hⱼ</source>
        <translation>Decoder hⱼ</translation>
    </message>
    <message>
        <source>encoder gₜ (c = g%1)</source>
        <translation>Encoder gₜ (c = g%1)</translation>
    </message>
    <message>
        <source>How far back the last prediction&apos;s gradient reaches: ‖∂J/∂hⱼ‖ for J = −log P(“%1” | …), against the steps between hⱼ and the loss. %2 steps back it is %3 of its size at the loss (%4 against %5) — what reaches an early token is what the network can learn about it.</source>
        <translation>Wie weit der Gradient der letzten Vorhersage zurückreicht: ‖∂J/∂hⱼ‖ für J = −log P(„%1“ | …) über den Schritten zwischen hⱼ und dem Verlust. %2 Schritte zurück beträgt er das %3-Fache seiner Größe am Verlust (%4 gegen %5) — was ein frühes Token erreicht, ist das, was das Netz über es lernen kann.</translation>
    </message>
    <message>
        <source>Below, how far back the last prediction&apos;s gradient reaches, J = −log P(“%1” | …): with attention each decoder step reads every gₜ directly, so the first source token&apos;s state g₁ gets %2 of the gradient at the loss (%4 against %5), though it is %3 steps back along the recurrence.</source>
        <translation>Darunter, wie weit der Gradient der letzten Vorhersage zurückreicht, J = −log P(„%1“ | …): mit Aufmerksamkeit liest jeder Schritt des Decoders jedes gₜ direkt, so erhält der Zustand g₁ des ersten Quelltokens %2 des Gradienten am Verlust (%4 gegen %5), obwohl er entlang der Rekurrenz %3 Schritte zurückliegt.</translation>
    </message>
    <message>
        <source>Below, how far back the last prediction&apos;s gradient reaches, J = −log P(“%1” | …): along the decoder&apos;s states hⱼ, into c and back through the encoder&apos;s gₜ. The first source token&apos;s state g₁, %3 steps back, gets %2 of the gradient at the loss (%4 against %5): all the decoder learns of the source passes through c.</source>
        <translation>Darunter, wie weit der Gradient der letzten Vorhersage zurückreicht, J = −log P(„%1“ | …): entlang der Zustände hⱼ des Decoders, in c hinein und zurück durch die Zustände gₜ des Encoders. Der Zustand g₁ des ersten Quelltokens, %3 Schritte zurück, erhält %2 des Gradienten am Verlust (%4 gegen %5): alles, was der Decoder über die Quelle lernt, geht durch c.</translation>
    </message>
</context>
<context>
    <name>SystemError</name>
    <message>
        <source>No such file or directory</source>
        <translation>Datei oder Verzeichnis nicht gefunden</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>Keine Berechtigung</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>Ist ein Verzeichnis</translation>
    </message>
    <message>
        <source>No space left on device</source>
        <translation>Kein Platz mehr auf dem Gerät</translation>
    </message>
    <message>
        <source>Read-only file system</source>
        <translation>Dateisystem ist nur lesbar</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>Ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>Disk quota exceeded</source>
        <translation>Plattenkontingent überschritten</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>Ein-/Ausgabefehler</translation>
    </message>
</context>
<context>
    <name>TablePanel</name>
    <message>
        <source>Probabilities P(next | token)</source>
        <translation>Wahrscheinlichkeiten P(nächstes | Token)</translation>
    </message>
    <message>
        <source>Scores B</source>
        <translation>Bewertungen B</translation>
    </message>
    <message>
        <source>What the table shows</source>
        <translation>Was die Tabelle zeigt</translation>
    </message>
    <message>
        <source>The next-token table</source>
        <translation>Die Tabelle der nächsten Tokens</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>Build a bigram model (Model dock, Variant: Bigram): its next-token table appears here.</source>
        <translation>Bauen Sie ein Bigramm-Modell (Bereich „Modell“, Variante: Bigramm): Seine Tabelle der nächsten Tokens erscheint hier.</translation>
    </message>
    <message>
        <source>next token b</source>
        <translation>nächstes Token b</translation>
    </message>
    <message>
        <source>after token a</source>
        <translation>nach Token a</translation>
    </message>
    <message>
        <source>P(%1 | %2) = %3 (score %4)</source>
        <translation>P(%1 | %2) = %3 (Bewertung %4)</translation>
    </message>
    <message>
        <source>B[%1, %2] = %3</source>
        <translation>B[%1, %2] = %3</translation>
    </message>
    <message>
        <source>Column a: the distribution of the token after a, softmax(B[:, a]). Each column sums to 1; a bright cell is a likely pair.</source>
        <translation>Spalte a: die Verteilung des Tokens nach a, softmax(B[:, a]). Jede Spalte summiert sich zu eins; eine helle Zelle ist ein wahrscheinliches Paar.</translation>
    </message>
    <message>
        <source>Column a: the scores B[:, a] of every token after a, before the softmax.</source>
        <translation>Spalte a: die Bewertungen B[:, a] jedes Tokens nach a, vor dem Softmax.</translation>
    </message>
    <message>
        <source>Show instead: %1</source>
        <translation>Stattdessen zeigen: %1</translation>
    </message>
</context>
<context>
    <name>Tabs</name>
    <message>
        <source>the next head</source>
        <translation>der nächste Kopf</translation>
    </message>
    <message>
        <source>the next example (in the mask editor: the next mask)</source>
        <translation>das nächste Beispiel (im Masken-Editor: die nächste Maske)</translation>
    </message>
    <message>
        <source>the next tensor</source>
        <translation>der nächste Tensor</translation>
    </message>
    <message>
        <source>the next token</source>
        <translation>das nächste Token</translation>
    </message>
    <message>
        <source>the next line</source>
        <translation>die nächste Zeile</translation>
    </message>
    <message>
        <source>one optimizer step</source>
        <translation>ein Optimierungsschritt</translation>
    </message>
    <message>
        <source>the next token replaced</source>
        <translation>das nächste Token ersetzt</translation>
    </message>
    <message>
        <source>train both models</source>
        <translation>beide Modelle trainieren</translation>
    </message>
    <message>
        <source>probabilities ↔ scores</source>
        <translation>Wahrscheinlichkeiten ↔ Bewertungen</translation>
    </message>
    <message>
        <source>the next probe</source>
        <translation>die nächste Probe</translation>
    </message>
    <message>
        <source>the next sequence</source>
        <translation>die nächste Sequenz</translation>
    </message>
</context>
<context>
    <name>TaskNames</name>
    <message>
        <source>copy</source>
        <translation>kopieren</translation>
    </message>
    <message>
        <source>Copy a string of letters: abc → abc</source>
        <translation>Eine Buchstabenfolge kopieren: abc → abc</translation>
    </message>
    <message>
        <source>reverse</source>
        <translation>umkehren</translation>
    </message>
    <message>
        <source>Reverse a string of letters: abc → cba</source>
        <translation>Eine Buchstabenfolge umkehren: abc → cba</translation>
    </message>
    <message>
        <source>sort</source>
        <translation>sortieren</translation>
    </message>
    <message>
        <source>Sort the letters of a string: cab → abc</source>
        <translation>Die Buchstaben einer Folge sortieren: cab → abc</translation>
    </message>
    <message>
        <source>add</source>
        <translation>addieren</translation>
    </message>
    <message>
        <source>Add two numbers: 23+58 → 81</source>
        <translation>Zwei Zahlen addieren: 23+58 → 81</translation>
    </message>
    <message>
        <source>date</source>
        <translation>Datum</translation>
    </message>
    <message>
        <source>Convert a date: 2024-03-15 → 15.03.2024</source>
        <translation>Ein Datum umwandeln: 2024-03-15 → 15.03.2024</translation>
    </message>
    <message>
        <source>translate</source>
        <translation>übersetzen</translation>
    </message>
    <message>
        <source>English → German: I want to buy a car → Ich will ein Auto kaufen</source>
        <translation>Englisch → Deutsch: I want to buy a car → Ich will ein Auto kaufen</translation>
    </message>
    <message>
        <source>phoneme</source>
        <translation>Phonem</translation>
    </message>
    <message>
        <source>Sequences of 2-D points drawn from a known left-to-right HMM of three states, two Gaussians each: can EM find the states again?</source>
        <translation>Sequenzen von 2-D-Punkten aus einem bekannten Links-nach-rechts-HMM mit drei Zuständen und je zwei Gauß-Verteilungen: Findet EM die Zustände wieder?</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>The steps so far, coloured by p (click one to go back to it):</source>
        <translation>Die bisherigen Schritte, nach p gefärbt (einen anklicken, um zu ihm zurückzugehen):</translation>
    </message>
    <message>
        <source>Steps of the decoding</source>
        <translation>Schritte des Dekodierens</translation>
    </message>
    <message>
        <source>Take instead</source>
        <translation>Stattdessen nehmen</translation>
    </message>
    <message>
        <source>a token of the vocabulary</source>
        <translation>ein Token des Vokabulars</translation>
    </message>
    <message>
        <source>The next step takes this token, whatever q says: a branch when another was taken there. (Clicking a bar in Next token does the same.)</source>
        <translation>Der nächste Schritt nimmt dieses Token, gleich was q sagt: ein Zweig, wenn dort ein anderes genommen wurde. (Ein Klick auf einen Balken unter „Nächstes Token“ tut dasselbe.)</translation>
    </message>
    <message>
        <source>Token to take at the next step</source>
        <translation>Token, das der nächste Schritt nimmt</translation>
    </message>
    <message>
        <source>Take it</source>
        <translation>Nehmen</translation>
    </message>
    <message>
        <source>Compare greedy, sampling, beam</source>
        <translation>Gierig, Ziehen, Beam vergleichen</translation>
    </message>
    <message>
        <source>From here: greedy decoding (τ = 0) to the end, sampling with the current settings to the end, and the beam search&apos;s best — each a branch below; the sequence stays as it is</source>
        <translation>Von hier aus: gieriges Dekodieren (τ = 0) bis zum Ende, Ziehen mit den jetzigen Einstellungen bis zum Ende und das Beste der Beam-Suche – jedes ein Zweig unten; die Folge bleibt, wie sie ist</translation>
    </message>
    <message>
        <source>Branches of the decoding</source>
        <translation>Zweige des Dekodierens</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Zweig</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Wie</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Σ log p</source>
        <translation>Σ log p</translation>
    </message>
    <message>
        <source>Double-click (or Enter) to go to a branch: its steps are taken again exactly</source>
        <translation>Doppelklick (oder Eingabe) geht zu einem Zweig: Seine Schritte werden genau wieder gegangen</translation>
    </message>
    <message>
        <source>Greedy, sampled and beam search continuations are branches now: compare their Σ log p, or double-click one to go there.</source>
        <translation>Die gierige, die gezogene und die Fortsetzung der Beam-Suche sind jetzt Zweige: Vergleichen Sie ihr Σ log p oder gehen Sie mit Doppelklick hin.</translation>
    </message>
    <message>
        <source>Start decoding first.</source>
        <translation>Starten Sie zuerst das Dekodieren.</translation>
    </message>
    <message>
        <source>“%1” is not a token of the vocabulary.</source>
        <translation>„%1“ ist kein Token des Vokabulars.</translation>
    </message>
    <message>
        <source>Step %1: “%2”, p = %3 (%4). Click to go back to this step: it is drawn again, or another token taken.</source>
        <translation>Schritt %1: „%2“, p = %3 (%4). Anklicken, um zu diesem Schritt zurückzugehen: Er wird neu gezogen, oder ein anderes Token genommen.</translation>
    </message>
    <message>
        <source>Step %1: %2, p = %3</source>
        <translation>Schritt %1: %2, p = %3</translation>
    </message>
    <message>
        <source>Back at step %1: Next token draws it again; clicking a bar in Next token, or a token typed here, makes a branch.</source>
        <translation>Zurück bei Schritt %1: „Nächstes Token“ zieht ihn neu; ein Klick auf einen Balken unter „Nächstes Token“ oder ein hier getipptes Token macht einen Zweig.</translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation>▶ %1</translation>
    </message>
    <message>
        <source>Forks off</source>
        <translation>Zweigt ab von</translation>
    </message>
    <message>
        <source>branch %1 at step %2</source>
        <translation>Zweig %1 bei Schritt %2</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <source>SGD, one example a step (seed-exact)</source>
        <translation>SGD, ein Beispiel pro Schritt (wie in der Vorlage)</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Learning rate η</source>
        <translation>Lernrate η</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Exactly one optimizer step</source>
        <translation>Genau ein Optimierungsschritt</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>New random parameters; the loss curve starts again</source>
        <translation>Neue zufällige Parameter; die Verlustkurve beginnt von vorn</translation>
    </message>
    <message>
        <source>Build a model to train it.</source>
        <translation>Bauen Sie ein Modell, um es zu trainieren.</translation>
    </message>
    <message>
        <source>Fresh parameters. Start to train.</source>
        <translation>Neue Parameter. Starten Sie das Training.</translation>
    </message>
    <message>
        <source>Step %1 of %2: loss %3, token accuracy %4%, %5 tokens/s, %6 s left</source>
        <translation>Schritt %1 von %2: Verlust %3, Token-Genauigkeit %4 %, %5 Tokens/s, noch %6 s</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source> — done.</source>
        <translation> – fertig.</translation>
    </message>
    <message>
        <source>
Validation at step %1 (%5 examples): loss %2, token accuracy %3%, sequence accuracy %4%</source>
        <translation>
Validierung bei Schritt %1 (%5 Beispiele): Verlust %2, Token-Genauigkeit %3 %, Sequenz-Genauigkeit %4 %</translation>
    </message>
    <message>
        <source>AdamW, batches, mean loss</source>
        <translation>AdamW, Batches, mittlerer Verlust</translation>
    </message>
    <message>
        <source>Warm-up, then cosine decay to η/10</source>
        <translation>Aufwärmen, dann Kosinus-Abfall auf η/10</translation>
    </message>
    <message>
        <source>Constant η (as in the seed)</source>
        <translation>Konstantes η (wie in der Vorlage)</translation>
    </message>
    <message>
        <source>Steps over which η rises linearly from 0 (at most a tenth of the steps are used)</source>
        <translation>Schritte, über die η linear von 0 ansteigt (höchstens ein Zehntel der Schritte)</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Warm-up steps</source>
        <translation>Aufwärmschritte</translation>
    </message>
    <message>
        <source>Going on from step %1 to %2, with the optimizer state of step %1.</source>
        <translation>Weiter ab Schritt %1 bis %2, mit dem Optimiererzustand von Schritt %1.</translation>
    </message>
    <message>
        <source>A new run of %1 steps.</source>
        <translation>Ein neuer Lauf mit %1 Schritten.</translation>
    </message>
    <message>
        <source>New parameters could not be made: %1</source>
        <translation>Neue Parameter konnten nicht erzeugt werden: %1</translation>
    </message>
    <message>
        <source>Training is not possible: %1</source>
        <translation>Training ist nicht möglich: %1</translation>
    </message>
    <message>
        <source>Ready: Start trains the steps set above, Step takes one.</source>
        <translation>Bereit: Start trainiert die oben eingestellten Schritte, Schritt macht genau einen.</translation>
    </message>
    <message>
        <source>A new run of %1 steps (the saved training state belongs to other data).</source>
        <translation>Ein neuer Lauf mit %1 Schritten (der gespeicherte Trainingszustand gehört zu anderen Daten).</translation>
    </message>
    <message>
        <source>Other data was loaded while the run was paused: Stop it (its parameters are kept), then Start a new run on the data shown.</source>
        <translation>Während der Lauf pausierte, wurden andere Daten geladen: Halten Sie ihn an (seine Parameter bleiben erhalten) und starten Sie dann einen neuen Lauf mit den angezeigten Daten.</translation>
    </message>
    <message>
        <source>the loss</source>
        <translation>der Verlust</translation>
    </message>
    <message>
        <source>the gradient of %1</source>
        <translation>der Gradient von %1</translation>
    </message>
    <message>
        <source>the parameter %1</source>
        <translation>der Parameter %1</translation>
    </message>
    <message>
        <source>Training stopped at step %1: %2 became NaN or infinite. %3 Try a smaller learning rate η, or the AdamW optimizer with clipping.</source>
        <translation>Das Training hat bei Schritt %1 angehalten: %2 wurde NaN oder unendlich. %3 Versuchen Sie eine kleinere Lernrate η oder den Optimierer AdamW mit Begrenzung.</translation>
    </message>
    <message>
        <source>The parameters shown are the last ones published before it.</source>
        <translation>Die angezeigten Parameter sind die zuletzt davor veröffentlichten.</translation>
    </message>
    <message>
        <source>No update was made: the parameters are those of step %1.</source>
        <translation>Es wurde nichts aktualisiert: Die Parameter sind die von Schritt %1.</translation>
    </message>
    <message>
        <source>Training seed</source>
        <translation>Startwert des Trainings</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Trainingsfortschritt</translation>
    </message>
    <message>
        <source>Training stopped: the machine ran out of memory. The parameters shown are the last ones published. Choose a smaller batch, model or ℓ_max.</source>
        <translation>Das Training hat angehalten: Dem Rechner ist der Speicher ausgegangen. Die gezeigten Parameter sind die zuletzt veröffentlichten. Wählen Sie einen kleineren Batch, ein kleineres Modell oder ein kleineres ℓ_max.</translation>
    </message>
    <message>
        <source>Step %1 of %2: loss %3, token accuracy %4%, %5 tokens/s</source>
        <translation>Schritt %1 von %2: Verlust %3, Token-Genauigkeit %4 %, %5 Tokens/s</translation>
    </message>
    <message>
        <source> — stopped.</source>
        <translation> – angehalten.</translation>
    </message>
    <message>
        <source>EM iterations</source>
        <translation>EM-Iterationen</translation>
    </message>
    <message>
        <source>Training stopped at EM iteration %1: the training data&apos;s log-likelihood is −∞ — the model gives one of its tokens probability 0, as EM does to every token its earlier training lacked. No update was made. Build the model again for this data.</source>
        <translation>Das Training hat bei EM-Iteration %1 angehalten: Die Log-Likelihood der Trainingsdaten ist −∞ — das Modell gibt einem ihrer Tokens die Wahrscheinlichkeit 0, wie EM es mit jedem Token tut, das seinem früheren Training fehlte. Es wurde nichts aktualisiert. Bauen Sie das Modell für diese Daten neu.</translation>
    </message>
    <message>
        <source>Training stopped at EM iteration %1: the training data&apos;s log density is not a finite number. No update was made. Build the model again for this data.</source>
        <translation>Das Training hielt bei EM-Iteration %1 an: Die Log-Dichte der Trainingsdaten ist keine endliche Zahl. Es wurde nichts aktualisiert. Bauen Sie das Modell für diese Daten neu.</translation>
    </message>
    <message>
        <source>
Validation at EM iteration %1 (%3 sequences): −log p %2 nats per observation</source>
        <translation>
Validierung bei EM-Iteration %1 (%3 Sequenzen): −log p %2 nats pro Beobachtung</translation>
    </message>
    <message>
        <source>EM iteration %1 of %2: −log p %3 nats per observation, %4 s left</source>
        <translation>EM-Iteration %1 von %2: −log p %3 nats pro Beobachtung, noch %4 s</translation>
    </message>
    <message>
        <source>EM iteration %1 of %2: −log p %3 nats per observation</source>
        <translation>EM-Iteration %1 von %2: −log p %3 nats pro Beobachtung</translation>
    </message>
    <message>
        <source>Trained 1 step before; the last loss was %1. Start trains on from these parameters.</source>
        <translation>Zuvor 1 Schritt trainiert; der letzte Verlust war %1. Start trainiert ab diesen Parametern weiter.</translation>
    </message>
    <message>
        <source>Trained %1 steps before; the last loss was %2. Start trains on from these parameters.</source>
        <translation>Zuvor %1 Schritte trainiert; der letzte Verlust war %2. Start trainiert ab diesen Parametern weiter.</translation>
    </message>
</context>
<context>
    <name>TrainingSetup</name>
    <message>
        <source>Build a model to train it.</source>
        <translation>Bauen Sie ein Modell, um es zu trainieren.</translation>
    </message>
    <message>
        <source>Training is not possible: %1</source>
        <translation>Training ist nicht möglich: %1</translation>
    </message>
    <message>
        <source>Training cannot start: there is not enough memory for the run. Choose a smaller batch, model or ℓ_max.</source>
        <translation>Das Training kann nicht beginnen: Für den Lauf ist nicht genug Speicher frei. Wählen Sie einen kleineren Batch, ein kleineres Modell oder ein kleineres ℓ_max.</translation>
    </message>
    <message>
        <source>Training cannot start: %1</source>
        <translation>Das Training kann nicht beginnen: %1</translation>
    </message>
    <message>
        <source>To start a new run from these parameters instead, set Steps to %1 or fewer.</source>
        <translation>Um stattdessen einen neuen Lauf von diesen Parametern aus zu beginnen, stellen Sie Schritte auf höchstens %1.</translation>
    </message>
</context>
<context>
    <name>TrainingView</name>
    <message>
        <source>Build a model, then train it: its loss curve appears here.</source>
        <translation>Bauen Sie ein Modell und trainieren Sie es: Seine Verlustkurve erscheint hier.</translation>
    </message>
    <message>
        <source>Not trained yet: Start (or Step) in the Training dock.</source>
        <translation>Noch nicht trainiert: Start (oder Schritt) im Training-Dock.</translation>
    </message>
    <message>
        <source>Step %1: loss %2</source>
        <translation>Schritt %1: Verlust %2</translation>
    </message>
    <message>
        <source> · validation loss %1 at step %2</source>
        <translation> · Validierungsverlust %1 bei Schritt %2</translation>
    </message>
    <message>
        <source> · log-likelihood %1 nats</source>
        <translation> · Log-Likelihood %1 nats</translation>
    </message>
</context>
<context>
    <name>WaitWithProgress</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>Workers</name>
    <message>
        <source>%1 stopped: the machine ran out of memory. Nothing else changed; choose a smaller model or input.</source>
        <translation>%1 wurde beendet: Der Arbeitsspeicher des Rechners reichte nicht. Sonst hat sich nichts geändert; wählen Sie ein kleineres Modell oder eine kürzere Eingabe.</translation>
    </message>
</context>
<context>
    <name>gb::Error</name>
    <message>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <source>cannot open ({reason})</source>
        <translation>lässt sich nicht öffnen ({reason})</translation>
    </message>
    <message>
        <source>larger than {max} bytes</source>
        <translation>größer als {max} Bytes</translation>
    </message>
    <message>
        <source>read error</source>
        <translation>Lesefehler</translation>
    </message>
    <message>
        <source>cannot create a temporary file beside it ({reason})</source>
        <translation>daneben lässt sich keine temporäre Datei anlegen ({reason})</translation>
    </message>
    <message>
        <source>write failed ({reason}); the previous file is unchanged</source>
        <translation>Schreiben fehlgeschlagen ({reason}); die bisherige Datei ist unverändert</translation>
    </message>
    <message>
        <source>could not flush to disk ({reason}); the previous file is unchanged</source>
        <translation>konnte nicht auf die Platte geschrieben werden ({reason}); die bisherige Datei ist unverändert</translation>
    </message>
    <message>
        <source>could not replace the file ({reason}); the previous file is unchanged</source>
        <translation>die Datei ließ sich nicht ersetzen ({reason}); die bisherige Datei ist unverändert</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>die Datei ist leer</translation>
    </message>
    <message>
        <source>this looks like a binary file (a NUL byte at offset {offset}), not UTF-8 text</source>
        <translation>das sieht nach einer Binärdatei aus (ein NUL-Byte an Position {offset}), nicht nach UTF-8-Text</translation>
    </message>
    <message>
        <source>not valid UTF-8</source>
        <translation>kein gültiges UTF-8</translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation>das Laden wurde abgebrochen</translation>
    </message>
    <message>
        <source>truncated: {size} bytes, but a safetensors file starts with an 8-byte header length</source>
        <translation>abgeschnitten: {size} Bytes, aber eine safetensors-Datei beginnt mit einer 8 Byte langen Kopflänge</translation>
    </message>
    <message>
        <source>header length {length} is larger than the limit of {limit} bytes</source>
        <translation>die Kopflänge {length} überschreitet die Grenze von {limit} Bytes</translation>
    </message>
    <message>
        <source>header length {length} runs past the end of the file ({size} bytes)</source>
        <translation>die Kopflänge {length} reicht über das Dateiende hinaus ({size} Bytes)</translation>
    </message>
    <message>
        <source>__metadata__ must be an object of strings</source>
        <translation>__metadata__ muss ein Objekt aus Zeichenketten sein</translation>
    </message>
    <message>
        <source>__metadata__ field &apos;{field}&apos; must be a string</source>
        <translation>das __metadata__-Feld &apos;{field}&apos; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: expected an object with dtype, shape and data_offsets</source>
        <translation>Tensor &apos;{tensor}&apos;: erwartet wird ein Objekt mit dtype, shape und data_offsets</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: missing dtype</source>
        <translation>Tensor &apos;{tensor}&apos;: dtype fehlt</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: dtype &apos;{found}&apos; is not supported (expected F32)</source>
        <translation>Tensor &apos;{tensor}&apos;: dtype &apos;{found}&apos; wird nicht unterstützt (erwartet: F32)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: missing shape</source>
        <translation>Tensor &apos;{tensor}&apos;: shape fehlt</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: data_offsets must be [begin, end]</source>
        <translation>Tensor &apos;{tensor}&apos;: data_offsets muss [Anfang, Ende] sein</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: shape entries must be non-negative integers</source>
        <translation>Tensor &apos;{tensor}&apos;: die Einträge von shape müssen nichtnegative ganze Zahlen sein</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: shape {shape} is too large</source>
        <translation>Tensor &apos;{tensor}&apos;: die Form {shape} ist zu groß</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: data_offsets must be non-negative integers</source>
        <translation>Tensor &apos;{tensor}&apos;: data_offsets müssen nichtnegative ganze Zahlen sein</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: data_offsets [{begin}, {end}] are reversed</source>
        <translation>Tensor &apos;{tensor}&apos;: data_offsets [{begin}, {end}] sind vertauscht</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: data_offsets end {end} lies past the data ({size} bytes)</source>
        <translation>Tensor &apos;{tensor}&apos;: das Ende {end} von data_offsets liegt hinter den Daten ({size} Bytes)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: shape {shape} × 4 bytes = {bytes} bytes, but data_offsets span {span}</source>
        <translation>Tensor &apos;{tensor}&apos;: Form {shape} × 4 Bytes = {bytes} Bytes, aber data_offsets umfassen {span}</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos; overlaps the data of another tensor</source>
        <translation>Tensor &apos;{tensor}&apos; überlappt die Daten eines anderen Tensors</translation>
    </message>
    <message>
        <source>gap of {bytes} bytes before tensor &apos;{tensor}&apos;</source>
        <translation>Lücke von {bytes} Bytes vor Tensor &apos;{tensor}&apos;</translation>
    </message>
    <message>
        <source>{bytes} bytes of data belong to no tensor</source>
        <translation>{bytes} Bytes an Daten gehören zu keinem Tensor</translation>
    </message>
    <message>
        <source>invalid JSON ({reason})</source>
        <translation>ungültiges JSON ({reason})</translation>
    </message>
    <message>
        <source>duplicate key &apos;{key}&apos;</source>
        <translation>doppelter Schlüssel &apos;{key}&apos;</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>erwartet wird ein JSON-Objekt</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: missing</source>
        <translation>Feld &apos;{field}&apos;: fehlt</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected an integer, got {found}</source>
        <translation>Feld &apos;{field}&apos;: erwartet wird eine ganze Zahl, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected {min} to {max}, got {found}</source>
        <translation>Feld &apos;{field}&apos;: erwartet wird {min} bis {max}, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected a number, got {found}</source>
        <translation>Feld &apos;{field}&apos;: erwartet wird eine Zahl, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected true or false, got {found}</source>
        <translation>Feld &apos;{field}&apos;: erwartet wird true oder false, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected a string, got {found}</source>
        <translation>Feld &apos;{field}&apos;: erwartet wird eine Zeichenkette, gefunden: {found}</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: expected an integer from {min} to {max}, got {found}</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: erwartet wird eine ganze Zahl von {min} bis {max}, gefunden: {found}</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: a decoder-only model has no encoder layers, got {found}</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: ein Nur-Decoder-Modell hat keine Encoder-Schichten, gefunden: {found}</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: d_e = {d_e} must be divisible by the number of heads H = {heads}</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: d_e = {d_e} muss durch die Zahl der Köpfe H = {heads} teilbar sein</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: expected a probability in [0, 1), got {found}</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: erwartet wird eine Wahrscheinlichkeit in [0, 1), gefunden: {found}</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: expected −1 (none) or a token id below |V| = {vocab}, got {found}</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: erwartet wird −1 (keins) oder eine Token-ID unter |V| = {vocab}, gefunden: {found}</translation>
    </message>
    <message>
        <source>norm: expected &apos;post&apos; or &apos;pre&apos;, got &apos;{found}&apos;</source>
        <translation>Normierung: erwartet wird &apos;post&apos; oder &apos;pre&apos;, gefunden: &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>optimizer: expected &apos;sgd&apos; or &apos;adamw&apos;, got &apos;{found}&apos;</source>
        <translation>Optimierer: erwartet wird &apos;sgd&apos; oder &apos;adamw&apos;, gefunden: &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>tokenizer: expected &apos;char&apos;, &apos;word&apos; or &apos;bpe&apos;, got &apos;{found}&apos;</source>
        <translation>Tokenizer: erwartet wird &apos;char&apos;, &apos;word&apos; oder &apos;bpe&apos;, gefunden: &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>the target sequence x is empty</source>
        <translation>die Zielfolge x ist leer</translation>
    </message>
    <message>
        <source>the source sequence z is empty</source>
        <translation>die Quellfolge z ist leer</translation>
    </message>
    <message>
        <source>target x has {length} tokens, more than ℓ_max = {max_len}</source>
        <translation>das Ziel x hat {length} Tokens, mehr als ℓ_max = {max_len}</translation>
    </message>
    <message>
        <source>sequence x has {length} tokens, more than ℓ_max = {max_len}</source>
        <translation>die Folge x hat {length} Tokens, mehr als ℓ_max = {max_len}</translation>
    </message>
    <message>
        <source>source z has {length} tokens, more than ℓ_max = {max_len}</source>
        <translation>die Quelle z hat {length} Tokens, mehr als ℓ_max = {max_len}</translation>
    </message>
    <message>
        <source>target x token {index} is id {found}, expected an id from 0 to {max}</source>
        <translation>Token {index} des Ziels x hat die ID {found}, erwartet wird eine ID von 0 bis {max}</translation>
    </message>
    <message>
        <source>sequence x token {index} is id {found}, expected an id from 0 to {max}</source>
        <translation>Token {index} der Folge x hat die ID {found}, erwartet wird eine ID von 0 bis {max}</translation>
    </message>
    <message>
        <source>source z token {index} is id {found}, expected an id from 0 to {max}</source>
        <translation>Token {index} der Quelle z hat die ID {found}, erwartet wird eine ID von 0 bis {max}</translation>
    </message>
    <message>
        <source>example {index} has {length} tokens, more than ℓ_max = {max_len} (raise ℓ_max, or filter or truncate long examples)</source>
        <translation>Beispiel {index} hat {length} Tokens, mehr als ℓ_max = {max_len} (erhöhen Sie ℓ_max oder filtern oder kürzen Sie lange Beispiele)</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>erwartet wird ein Objekt</translation>
    </message>
    <message>
        <source>field &apos;vocab&apos; must be an array of strings</source>
        <translation>das Feld &apos;vocab&apos; muss ein Array aus Zeichenketten sein</translation>
    </message>
    <message>
        <source>the vocabulary lacks the special tokens</source>
        <translation>dem Vokabular fehlen die Sondertokens</translation>
    </message>
    <message>
        <source>vocab entry {index} is not a string</source>
        <translation>Vokabulareintrag {index} ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>vocab entry {index} repeats &apos;{token}&apos;</source>
        <translation>Vokabulareintrag {index} wiederholt &apos;{token}&apos;</translation>
    </message>
    <message>
        <source>ids 0–3 must be &lt;pad&gt;, &lt;bos&gt;, &lt;eos&gt;, &lt;unk&gt;</source>
        <translation>die IDs 0–3 müssen &lt;pad&gt;, &lt;bos&gt;, &lt;eos&gt;, &lt;unk&gt; sein</translation>
    </message>
    <message>
        <source>field &apos;merges&apos; must be an array</source>
        <translation>das Feld &apos;merges&apos; muss ein Array sein</translation>
    </message>
    <message>
        <source>each merge must be a pair of strings</source>
        <translation>jede Verschmelzung muss ein Paar aus Zeichenketten sein</translation>
    </message>
    <message>
        <source>text after a closing quote</source>
        <translation>Text nach einem schließenden Anführungszeichen</translation>
    </message>
    <message>
        <source>a quoted field is not closed</source>
        <translation>ein Feld in Anführungszeichen wird nicht geschlossen</translation>
    </message>
    <message>
        <source>expected 2 fields separated by a tab, found {found}</source>
        <translation>erwartet werden 2 durch einen Tabulator getrennte Felder, gefunden: {found}</translation>
    </message>
    <message>
        <source>expected 2 fields separated by a comma, found {found}</source>
        <translation>erwartet werden 2 durch ein Komma getrennte Felder, gefunden: {found}</translation>
    </message>
    <message>
        <source>the source is empty</source>
        <translation>die Quelle ist leer</translation>
    </message>
    <message>
        <source>the target is empty</source>
        <translation>das Ziel ist leer</translation>
    </message>
    <message>
        <source>no usable pairs</source>
        <translation>keine brauchbaren Paare</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos; is missing</source>
        <translation>das Feld &apos;{field}&apos; fehlt</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos; must be an array of token ids</source>
        <translation>das Feld &apos;{field}&apos; muss ein Array aus Token-IDs sein</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos; holds {found}, not a token id</source>
        <translation>das Feld &apos;{field}&apos; enthält {found}, keine Token-ID</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos; holds id {found}, out of range</source>
        <translation>das Feld &apos;{field}&apos; enthält die ID {found}, außerhalb des Bereichs</translation>
    </message>
    <message>
        <source>no examples (the file is empty)</source>
        <translation>keine Beispiele (die Datei ist leer)</translation>
    </message>
    <message>
        <source>no training examples are left (every one is longer than ℓ_max = {max_len})</source>
        <translation>es bleiben keine Trainingsbeispiele übrig (jedes ist länger als ℓ_max = {max_len})</translation>
    </message>
    <message>
        <source>the training set needs at least one example</source>
        <translation>die Trainingsmenge braucht mindestens ein Beispiel</translation>
    </message>
    <message>
        <source>the validation fraction must lie in [0, 1)</source>
        <translation>der Validierungsanteil muss in [0, 1) liegen</translation>
    </message>
    <message>
        <source>a plain text file trains a decoder-only language model; an encoder-decoder model needs pairs (a .tsv or .csv file)</source>
        <translation>eine reine Textdatei trainiert ein Nur-Decoder-Sprachmodell; ein Encoder-Decoder-Modell braucht Paare (eine .tsv- oder .csv-Datei)</translation>
    </message>
    <message>
        <source>the text is too short to train on</source>
        <translation>der Text ist zu kurz zum Trainieren</translation>
    </message>
    <message>
        <source>the model does not say what it was trained on: give --data or --task</source>
        <translation>das Modell sagt nicht, worauf es trainiert wurde: geben Sie --data oder --task an</translation>
    </message>
    <message>
        <source>unknown task &apos;{task}&apos; (expected one of: {tasks})</source>
        <translation>unbekannte Aufgabe &apos;{task}&apos; (erwartet wird eine von: {tasks})</translation>
    </message>
    <message>
        <source>the number of examples must not be negative</source>
        <translation>die Zahl der Beispiele darf nicht negativ sein</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos; is missing (the config needs shape {expected})</source>
        <translation>Tensor &apos;{tensor}&apos; fehlt (die Konfiguration braucht die Form {expected})</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos; has shape {found}, the config needs {expected}</source>
        <translation>Tensor &apos;{tensor}&apos; hat die Form {found}, die Konfiguration braucht {expected}</translation>
    </message>
    <message>
        <source>unexpected tensor &apos;{tensor}&apos; (not part of this config)</source>
        <translation>unerwarteter Tensor &apos;{tensor}&apos; (gehört nicht zu dieser Konfiguration)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos; contains NaN or infinity</source>
        <translation>Tensor &apos;{tensor}&apos; enthält NaN oder Unendlich</translation>
    </message>
    <message>
        <source>field &apos;loss&apos;: expected sum or mean</source>
        <translation>Feld &apos;loss&apos;: erwartet wird sum oder mean</translation>
    </message>
    <message>
        <source>field &apos;seed&apos; must be an unsigned integer</source>
        <translation>das Feld &apos;seed&apos; muss eine vorzeichenlose ganze Zahl sein</translation>
    </message>
    <message>
        <source>field &apos;cursor&apos; is missing</source>
        <translation>das Feld &apos;cursor&apos; fehlt</translation>
    </message>
    <message>
        <source>cursor field &apos;order&apos; is missing</source>
        <translation>das cursor-Feld &apos;order&apos; fehlt</translation>
    </message>
    <message>
        <source>cursor field &apos;order&apos; must hold example indices</source>
        <translation>das cursor-Feld &apos;order&apos; muss Beispielindizes enthalten</translation>
    </message>
    <message>
        <source>cursor position lies past the data order</source>
        <translation>die cursor-Position liegt hinter der Datenreihenfolge</translation>
    </message>
    <message>
        <source>cursor field &apos;rng&apos; must hold the generator state</source>
        <translation>das cursor-Feld &apos;rng&apos; muss den Generatorzustand enthalten</translation>
    </message>
    <message>
        <source>generator state must be unsigned</source>
        <translation>der Generatorzustand muss vorzeichenlos sein</translation>
    </message>
    <message>
        <source>not a Glassbox model (metadata &apos;glassbox.format&apos; is missing)</source>
        <translation>kein Glassbox-Modell (die Metadaten &apos;glassbox.format&apos; fehlen)</translation>
    </message>
    <message>
        <source>model format version &apos;{found}&apos; is not supported (expected 1)</source>
        <translation>die Modellformat-Version &apos;{found}&apos; wird nicht unterstützt (erwartet: 1)</translation>
    </message>
    <message>
        <source>metadata &apos;glassbox.config&apos; is missing</source>
        <translation>die Metadaten &apos;glassbox.config&apos; fehlen</translation>
    </message>
    <message>
        <source>the tokenizer has {tokens} tokens but |V| = {vocab}</source>
        <translation>der Tokenizer hat {tokens} Tokens, aber |V| = {vocab}</translation>
    </message>
    <message>
        <source>glassbox.data must be an object</source>
        <translation>glassbox.data muss ein Objekt sein</translation>
    </message>
    <message>
        <source>glassbox.history must be an array</source>
        <translation>glassbox.history muss ein Array sein</translation>
    </message>
    <message>
        <source>unexpected tensor &apos;{tensor}&apos; (no training state)</source>
        <translation>unerwarteter Tensor &apos;{tensor}&apos; (kein Trainingszustand)</translation>
    </message>
    <message>
        <source>the decoder prefix is empty and the model has no bos token: give the prefix (target ids)</source>
        <translation>das Decoder-Präfix ist leer und das Modell hat kein bos-Token: geben Sie das Präfix (Ziel-IDs) an</translation>
    </message>
    <message>
        <source>a decoder-only model takes no source sequence</source>
        <translation>ein Nur-Decoder-Modell nimmt keine Quellfolge</translation>
    </message>
    <message>
        <source>the prompt is empty: give at least one token</source>
        <translation>der Prompt ist leer: geben Sie mindestens ein Token an</translation>
    </message>
    <message>
        <source>the sequence has reached ℓ_max = {max_len} tokens; the model has no position for another (allow a sliding window to go on)</source>
        <translation>die Folge hat ℓ_max = {max_len} Tokens erreicht; das Modell hat keine Position für ein weiteres (erlauben Sie ein gleitendes Fenster, um weiterzumachen)</translation>
    </message>
    <message>
        <source>forced token {token} is not in the vocabulary (|V| = {vocab})</source>
        <translation>das erzwungene Token {token} ist nicht im Vokabular (|V| = {vocab})</translation>
    </message>
    <message>
        <source>the temperature must be 0, positive or infinite</source>
        <translation>die Temperatur muss 0, positiv oder unendlich sein</translation>
    </message>
    <message>
        <source>top-k must be 0 (off) or positive</source>
        <translation>top-k muss 0 (aus) oder positiv sein</translation>
    </message>
    <message>
        <source>top-p must lie in (0, 1]</source>
        <translation>top-p muss in (0, 1] liegen</translation>
    </message>
    <message>
        <source>nothing to branch from: no step has been taken</source>
        <translation>keine Verzweigung möglich: es wurde noch kein Schritt gemacht</translation>
    </message>
    <message>
        <source>beam width must be at least 1</source>
        <translation>die Beam-Breite muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>beam search needs at least one new token</source>
        <translation>die Beam-Suche braucht mindestens ein neues Token</translation>
    </message>
    <message>
        <source>beam search found no hypothesis</source>
        <translation>die Beam-Suche hat keine Hypothese gefunden</translation>
    </message>
    <message>
        <source>the training plan needs a model and data</source>
        <translation>der Trainingsplan braucht ein Modell und Daten</translation>
    </message>
    <message>
        <source>steps: expected at least 1, found {found}</source>
        <translation>Schritte: mindestens 1 erwartet, {found} gefunden</translation>
    </message>
    <message>
        <source>batch size: expected 1 to 1048576, found {found}</source>
        <translation>Batchgröße: 1 bis 1048576 erwartet, {found} gefunden</translation>
    </message>
    <message>
        <source>learning rate η: expected a number from 0 to 1e9, found {found}</source>
        <translation>Lernrate η: eine Zahl von 0 bis 1e9 erwartet, {found} gefunden</translation>
    </message>
    <message>
        <source>AdamW β₁, β₂: expected values in [0, 1)</source>
        <translation>AdamW β₁, β₂: Werte in [0, 1) erwartet</translation>
    </message>
    <message>
        <source>AdamW ε: expected a small positive number</source>
        <translation>AdamW ε: eine kleine positive Zahl erwartet</translation>
    </message>
    <message>
        <source>weight decay: expected 0 or a positive number</source>
        <translation>Gewichtsverfall: 0 oder eine positive Zahl erwartet</translation>
    </message>
    <message>
        <source>learning-rate schedule: warm-up and decay steps must not be negative</source>
        <translation>Lernraten-Verlauf: Aufwärm- und Abklingschritte dürfen nicht negativ sein</translation>
    </message>
    <message>
        <source>learning-rate schedule: the final ratio must lie in [0, 1]</source>
        <translation>Lernraten-Verlauf: der Endanteil muss in [0, 1] liegen</translation>
    </message>
    <message>
        <source>gradient clipping: expected 0 (off) or a positive norm</source>
        <translation>Gradientenbegrenzung: 0 (aus) oder eine positive Norm erwartet</translation>
    </message>
    <message>
        <source>there are no training examples: load data first</source>
        <translation>es gibt keine Trainingsbeispiele: Laden Sie zuerst Daten</translation>
    </message>
    <message>
        <source>the run needs about {need} MB of memory, more than the {limit} MB available: choose a smaller model, batch or ℓ_max</source>
        <translation>der Lauf braucht etwa {need} MB Speicher, mehr als die verfügbaren {limit} MB: Wählen Sie ein kleineres Modell, einen kleineren Batch oder ein kleineres ℓ_max</translation>
    </message>
    <message>
        <source>the parameters do not have the shapes the configuration needs: build the model again</source>
        <translation>die Parameter haben nicht die Formen, die die Konfiguration verlangt: Bauen Sie das Modell neu</translation>
    </message>
    <message>
        <source>the saved training state is incomplete (cursor and optimizer state go together)</source>
        <translation>der gespeicherte Trainingszustand ist unvollständig (Datenzeiger und Optimiererzustand gehören zusammen)</translation>
    </message>
    <message>
        <source>the saved training state belongs to other data: its order has {saved} examples, the data has {found}</source>
        <translation>der gespeicherte Trainingszustand gehört zu anderen Daten: seine Reihenfolge hat {saved} Beispiele, die Daten haben {found}</translation>
    </message>
    <message>
        <source>the saved training state is damaged: its data order is not a permutation of the {count} examples</source>
        <translation>der gespeicherte Trainingszustand ist beschädigt: seine Datenreihenfolge ist keine Permutation der {count} Beispiele</translation>
    </message>
    <message>
        <source>the saved training state is damaged: its position lies outside the data</source>
        <translation>der gespeicherte Trainingszustand ist beschädigt: seine Position liegt außerhalb der Daten</translation>
    </message>
    <message>
        <source>the saved run has done {steps} steps already: ask for more than {steps} steps to go on</source>
        <translation>der gespeicherte Lauf hat schon {steps} Schritte gemacht: Stellen Sie mehr als {steps} Schritte ein, um weiterzumachen</translation>
    </message>
    <message>
        <source>the saved training state is damaged: its optimizer step count is negative</source>
        <translation>der gespeicherte Trainingszustand ist beschädigt: sein Schrittzähler des Optimierers ist negativ</translation>
    </message>
    <message>
        <source>the saved optimizer state does not fit the model: build the model again or start a new run</source>
        <translation>der gespeicherte Optimiererzustand passt nicht zum Modell: Bauen Sie das Modell neu oder beginnen Sie einen neuen Lauf</translation>
    </message>
    <message>
        <source>the saved training state is damaged: AdamW&apos;s moments are missing</source>
        <translation>der gespeicherte Trainingszustand ist beschädigt: die Momente von AdamW fehlen</translation>
    </message>
    <message>
        <source>a run is still going: stop it first</source>
        <translation>ein Lauf ist noch im Gang: Halten Sie ihn zuerst an</translation>
    </message>
    <message>
        <source>there is no model: build one in the Model dock</source>
        <translation>es gibt kein Modell: Bauen Sie eines im Modell-Dock</translation>
    </message>
    <message>
        <source>no data is loaded: load the data in the Data dock</source>
        <translation>es sind keine Daten geladen: Laden Sie die Daten im Daten-Dock</translation>
    </message>
    <message>
        <source>the data&apos;s tokenizer has {data} tokens, more than |V| = {vocab}: build the model again for this data</source>
        <translation>der Tokenizer der Daten hat {data} Token, mehr als |V| = {vocab}: Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>the data is laid out for a decoder-only model (example {example} has no source z), and the model is an encoder-decoder: build the model again for this data</source>
        <translation>die Daten sind für ein Nur-Decoder-Modell angelegt (Beispiel {example} hat keine Quelle z), das Modell ist aber ein Encoder-Decoder: Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>the data holds pairs laid out for the encoder-decoder (example {example} has a source z), and the model is decoder-only: build the model again for this data</source>
        <translation>die Daten enthalten Paare für den Encoder-Decoder (Beispiel {example} hat eine Quelle z), das Modell ist aber ein Nur-Decoder-Modell: Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>example {example} does not fit the model: {problem} — build the model again for this data</source>
        <translation>Beispiel {example} passt nicht zum Modell: {problem} – Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>no usable pairs ({count} malformed, first at line {line}: {problem})</source>
        <translation>keine verwendbaren Paare ({count} fehlerhaft, das erste in Zeile {line}: {problem})</translation>
    </message>
    <message>
        <source>cannot save: {problem}</source>
        <translation>kann nicht speichern: {problem}</translation>
    </message>
    <message>
        <source>the header is not a JSON object</source>
        <translation>der Header ist kein JSON-Objekt</translation>
    </message>
    <message>
        <source>invalid JSON at byte {byte}</source>
        <translation>ungültiges JSON bei Byte {byte}</translation>
    </message>
    <message>
        <source>the data was encoded with another tokenizer than the model&apos;s ({data} and {model} tokens; the same ids would stand for other pieces): build the model again for this data</source>
        <translation>die Daten wurden mit einem anderen Tokenizer kodiert als dem des Modells ({data} und {model} Token; dieselben IDs stünden für andere Stücke): Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>the two inputs must have the same lengths (x/z: {a} and {b}): replace a token, do not add or remove one</source>
        <translation>die beiden Eingaben müssen gleich lang sein (x/z: {a} und {b}): ein Token ersetzen, keines hinzufügen oder entfernen</translation>
    </message>
    <message>
        <source>grad_norms must be an array of {tensors} numbers, one per tensor</source>
        <translation>grad_norms muss ein Array aus {tensors} Zahlen sein, eine je Tensor</translation>
    </message>
    <message>
        <source>unexpected tensor &apos;{tensor}&apos; (no glassbox.last_step)</source>
        <translation>unerwarteter Tensor &apos;{tensor}&apos; (kein glassbox.last_step)</translation>
    </message>
    <message>
        <source>decoding was cancelled after {done} of at most {limit} tokens</source>
        <translation>das Dekodieren wurde nach {done} von höchstens {limit} Tokens abgebrochen</translation>
    </message>
    <message>
        <source>beam search was cancelled after {done} of at most {limit} levels</source>
        <translation>die Beam-Suche wurde nach {done} von höchstens {limit} Stufen abgebrochen</translation>
    </message>
    <message>
        <source>the trace was cancelled after {done} of {limit} lines</source>
        <translation>die Aufzeichnung wurde nach {done} von {limit} Zeilen abgebrochen</translation>
    </message>
    <message>
        <source>saving was cancelled; the previous file is unchanged</source>
        <translation>das Speichern wurde abgebrochen; die bisherige Datei ist unverändert</translation>
    </message>
    <message>
        <source>the mask is {rows} × {cols}, but the probe has {n} tokens: expected {n} × {n}</source>
        <translation>die Maske ist {rows} × {cols}, aber die Probe hat {n} Tokens: erwartet {n} × {n}</translation>
    </message>
    <message>
        <source>variant: expected one of {names}, got &apos;{found}&apos;</source>
        <translation>Variante: erwartet wird eine von {names}, gefunden: &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: a {family} model has no such size, got {found} (expected 0)</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: Ein Modell der Familie {family} hat diese Größe nicht, gefunden: {found} (erwartet: 0)</translation>
    </message>
    <message>
        <source>the data holds pairs laid out for the encoder-decoder (example {example} has a source z), and a {family} model reads one sequence: build the model again for this data</source>
        <translation>die Daten enthalten Paare für den Encoder-Decoder (Beispiel {example} hat eine Quelle z), und ein Modell der Familie {family} liest eine einzige Folge: Bauen Sie das Modell für diese Daten neu</translation>
    </message>
    <message>
        <source>a {family} model has no attention layers to trace or step through</source>
        <translation>ein Modell der Familie {family} hat keine Aufmerksamkeitsschichten, die sich verfolgen oder schrittweise ausführen ließen</translation>
    </message>
    <message>
        <source>config field &apos;activation&apos;: a {family} model&apos;s cell uses &apos;tanh&apos; or &apos;relu&apos;, got &apos;{found}&apos;</source>
        <translation>Konfigurationsfeld &apos;activation&apos;: Die Zelle eines Modells der Familie {family} verwendet &apos;tanh&apos; oder &apos;relu&apos;, gefunden: &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>this is a model file (safetensors), not data: open it as a model (File → Open, or --model)</source>
        <translation>dies ist eine Modelldatei (safetensors), keine Daten: Öffnen Sie sie als Modell (Datei → Öffnen oder --model)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;, column {column}, is not a probability distribution: its entries must be at least 0 and sum to 1 (within 0.001), found sum {sum} and smallest entry {min}</source>
        <translation>Tensor &apos;{tensor}&apos;, Spalte {column}, ist keine Wahrscheinlichkeitsverteilung: Ihre Einträge müssen mindestens 0 sein und sich zu 1 summieren (auf 0,001 genau), gefunden wurden die Summe {sum} und der kleinste Eintrag {min}</translation>
    </message>
    <message>
        <source>cell: expected &apos;elman&apos; or &apos;lstm&apos;, got &apos;{found}&apos;</source>
        <translation>cell: erwartet &apos;elman&apos; oder &apos;lstm&apos;, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>attention: expected &apos;none&apos; or &apos;additive&apos;, got &apos;{found}&apos;</source>
        <translation>attention: erwartet &apos;none&apos; oder &apos;additive&apos;, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>config field &apos;activation&apos;: an LSTM cell has its own activations (σ for its gates, tanh for its state), so the activation must be &apos;tanh&apos;, got &apos;{found}&apos;</source>
        <translation>Konfigurationsfeld &apos;activation&apos;: eine LSTM-Zelle hat ihre eigenen Aktivierungen (σ für ihre Gates, tanh für ihren Zustand), daher muss die Aktivierung &apos;tanh&apos; sein, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos; (&apos;{found}&apos;): not an option of a {family} model (a cell is the rnn&apos;s and the rnn-seq2seq&apos;s option, attention the rnn-seq2seq&apos;s)</source>
        <translation>Konfigurationsfeld &apos;{field}&apos; (&apos;{found}&apos;): keine Option eines {family}-Modells (eine Zelle ist eine Option von rnn und rnn-seq2seq, die Aufmerksamkeit eine von rnn-seq2seq)</translation>
    </message>
    <message>
        <source>config field &apos;vocab_size&apos;: a {family} model reads observations, not tokens, so it has no vocabulary (expected 0), got {found}</source>
        <translation>Konfigurationsfeld &apos;vocab_size&apos;: Ein {family}-Modell liest Beobachtungen, keine Tokens, und hat daher kein Vokabular (erwartet 0), gefunden {found}</translation>
    </message>
    <message>
        <source>line {line}: expected {expected} numbers (one observation of the model&apos;s dimension D), found {found}</source>
        <translation>Zeile {line}: {expected} Zahlen erwartet (eine Beobachtung der Dimension D des Modells), gefunden {found}</translation>
    </message>
    <message>
        <source>line {line}: &apos;{found}&apos; is not a number (expected one observation per line: numbers separated by spaces or commas, a blank line between sequences)</source>
        <translation>Zeile {line}: &apos;{found}&apos; ist keine Zahl (erwartet wird eine Beobachtung je Zeile: Zahlen, getrennt durch Leerzeichen oder Kommas, eine Leerzeile zwischen Sequenzen)</translation>
    </message>
    <message>
        <source>no observations (expected one observation per line: numbers separated by spaces or commas, a blank line between sequences)</source>
        <translation>keine Beobachtungen (erwartet wird eine Beobachtung je Zeile: Zahlen, getrennt durch Leerzeichen oder Kommas, eine Leerzeile zwischen Sequenzen)</translation>
    </message>
    <message>
        <source>the observations have {found} numbers per line, and the model reads {expected} (its dimension D)</source>
        <translation>die Beobachtungen haben {found} Zahlen je Zeile, das Modell liest {expected} (seine Dimension D)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;, row {row}: a variance must be greater than 0, found {found}</source>
        <translation>Tensor &apos;{tensor}&apos;, Zeile {row}: Eine Varianz muss größer als 0 sein, gefunden {found}</translation>
    </message>
    <message>
        <source>the data holds observations (numbers), and a {family} model reads tokens: build an hmm-gmm model for this data</source>
        <translation>die Daten enthalten Beobachtungen (Zahlen), ein {family}-Modell liest aber Tokens: Erstellen Sie für diese Daten ein hmm-gmm-Modell</translation>
    </message>
    <message>
        <source>a {family} model reads observations (numbers), not tokens: {what} is for the families that predict tokens</source>
        <translation>ein {family}-Modell liest Beobachtungen (Zahlen), keine Tokens: {what} ist für die Familien, die Tokens vorhersagen</translation>
    </message>
    <message>
        <source>a {family} model has no views in the window yet: use glassbox-cli to train and inspect it</source>
        <translation>für ein {family}-Modell gibt es im Fenster noch keine Ansichten: Trainieren und untersuchen Sie es mit glassbox-cli</translation>
    </message>
    <message>
        <source>activation: expected &apos;relu&apos;, &apos;gelu&apos;, &apos;gelu_tanh&apos;, &apos;silu&apos; or &apos;tanh&apos;, got &apos;{found}&apos;</source>
        <translation>Aktivierung: erwartet &apos;relu&apos;, &apos;gelu&apos;, &apos;gelu_tanh&apos;, &apos;silu&apos; oder &apos;tanh&apos;, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: unknown dtype &apos;{found}&apos; (expected one of F64, F32, F16, BF16, I64, I32, I16, I8, U8, BOOL)</source>
        <translation>Tensor &apos;{tensor}&apos;: unbekannter Datentyp &apos;{found}&apos; (erwartet einer von F64, F32, F16, BF16, I64, I32, I16, I8, U8, BOOL)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos;: dtype &apos;{found}&apos; holds no weights that can be read (expected F32, F16 or BF16)</source>
        <translation>Tensor &apos;{tensor}&apos;: der Datentyp &apos;{found}&apos; enthält keine lesbaren Gewichte (erwartet F32, F16 oder BF16)</translation>
    </message>
    <message>
        <source>not a folder (expected a Hugging Face checkpoint folder, or its config.json)</source>
        <translation>kein Ordner (erwartet ein Hugging-Face-Checkpoint-Ordner oder seine config.json)</translation>
    </message>
    <message>
        <source>no config.json in this folder (a Hugging Face checkpoint folder holds config.json and model.safetensors)</source>
        <translation>keine config.json in diesem Ordner (ein Hugging-Face-Checkpoint-Ordner enthält config.json und model.safetensors)</translation>
    </message>
    <message>
        <source>model_type &apos;{found}&apos; cannot be imported (expected one of: {supported})</source>
        <translation>model_type &apos;{found}&apos; kann nicht importiert werden (erwartet einer von: {supported})</translation>
    </message>
    <message>
        <source>no weights in this folder (expected model.safetensors)</source>
        <translation>keine Gewichte in diesem Ordner (erwartet model.safetensors)</translation>
    </message>
    <message>
        <source>the weights are only in pytorch_model.bin, a PyTorch pickle, which Glassbox does not open itself: convert the folder with the PyTorch bridge (python3 -m glassbox_torch import FOLDER OUT.safetensors)</source>
        <translation>die Gewichte liegen nur in pytorch_model.bin, einem PyTorch-Pickle, das Glassbox nicht selbst öffnet: den Ordner mit der PyTorch-Brücke umwandeln (python3 -m glassbox_torch import ORDNER AUS.safetensors)</translation>
    </message>
    <message>
        <source>tensor &apos;{tensor}&apos; has the shape {found}, and config.json implies {expected}</source>
        <translation>Tensor &apos;{tensor}&apos; hat die Form {found}, config.json ergibt aber {expected}</translation>
    </message>
    <message>
        <source>no tokenizer in this folder (expected {files})</source>
        <translation>kein Tokenizer in diesem Ordner (erwartet {files})</translation>
    </message>
    <message>
        <source>line {line}: expected two tokens separated by one space, found &apos;{found}&apos;</source>
        <translation>Zeile {line}: erwartet zwei Tokens, getrennt durch ein Leerzeichen, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>line {line}: the merge &apos;{found}&apos; makes a token the vocabulary does not have</source>
        <translation>Zeile {line}: die Verschmelzung &apos;{found}&apos; ergibt ein Token, das das Vokabular nicht hat</translation>
    </message>
    <message>
        <source>the tokenizer has {found} tokens, more than the model&apos;s vocab_size of {expected}</source>
        <translation>der Tokenizer hat {found} Tokens, mehr als die vocab_size des Modells ({expected})</translation>
    </message>
    <message>
        <source>the weights are split over several files (model.safetensors.index.json), which this version does not import</source>
        <translation>die Gewichte sind auf mehrere Dateien verteilt (model.safetensors.index.json), was diese Version nicht importiert</translation>
    </message>
    <message>
        <source>config field &apos;ln_eps&apos;: the layer norms&apos; ε must lie between 0 and 0.1 (exclusive of 0), got {found}</source>
        <translation>Konfigurationsfeld &apos;ln_eps&apos;: das ε der Layer-Normen muss größer als 0 und höchstens 0,1 sein, gefunden {found}</translation>
    </message>
    <message>
        <source>the weights have a tensor &apos;{tensor}&apos; that a {type} model as config.json describes it does not have</source>
        <translation>die Gewichte enthalten einen Tensor &apos;{tensor}&apos;, den ein {type}-Modell, wie config.json es beschreibt, nicht hat</translation>
    </message>
    <message>
        <source>positions: expected &apos;learned&apos; or &apos;sinusoidal&apos;, got &apos;{found}&apos;</source>
        <translation>Positionen: erwartet &apos;learned&apos; oder &apos;sinusoidal&apos;, gefunden &apos;{found}&apos;</translation>
    </message>
    <message>
        <source>config field &apos;{field}&apos;: an option of the transformers, not of a {family} model</source>
        <translation>Konfigurationsfeld &apos;{field}&apos;: eine Option der Transformer, nicht eines {family}-Modells</translation>
    </message>
    <message>
        <source>{part}: not a SentencePiece model that can be read ({reason})</source>
        <translation>{part}: kein lesbares SentencePiece-Modell ({reason})</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected an integer from {lo} to {hi}, found {found}</source>
        <translation>Feld „{field}“: erwartet wird eine ganze Zahl von {lo} bis {hi}, gefunden: {found}</translation>
    </message>
    <message>
        <source>the weights have no tensor &apos;{tensor}&apos;, which a {type} model as config.json describes it has</source>
        <translation>den Gewichten fehlt der Tensor „{tensor}“, den ein {type}-Modell, wie config.json es beschreibt, hat</translation>
    </message>
    <message>
        <source>expected a JSON object of token → id, with ids as non-negative integers</source>
        <translation>erwartet wird ein JSON-Objekt Token → ID, mit nichtnegativen ganzen Zahlen als IDs</translation>
    </message>
    <message>
        <source>the ids must be 0 … {last}, each once: id {id} (&apos;{token}&apos;) is too large</source>
        <translation>die IDs müssen 0 … {last} sein, jede einmal: ID {id} („{token}“) ist zu groß</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected a number greater than {lo} and at most {hi}, found {found}</source>
        <translation>Feld „{field}“: erwartet wird eine Zahl größer als {lo} und höchstens {hi}, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected true or false, found {found}</source>
        <translation>Feld „{field}“: erwartet wird true oder false, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected a string, found {found}</source>
        <translation>Feld „{field}“: erwartet wird eine Zeichenkette, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected a divisor of {of} ({value}), found {found}</source>
        <translation>Feld „{field}“: erwartet wird ein Teiler von {of} ({value}), gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected the same value as &apos;{other}&apos; ({value}), found {found}</source>
        <translation>Feld „{field}“: erwartet wird derselbe Wert wie bei „{other}“ ({value}), gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: expected one of {choices}, found {found}</source>
        <translation>Feld „{field}“: erwartet wird eines von {choices}, gefunden: {found}</translation>
    </message>
    <message>
        <source>field &apos;{field}&apos;: this version imports only models with {field} = {value} (the architecture the seeds describe), found {found}</source>
        <translation>Feld „{field}“: diese Version importiert nur Modelle mit {field} = {value} (die Architektur, die die Vorlagen beschreiben), gefunden: {found}</translation>
    </message>
    <message>
        <source>the token &apos;{token}&apos; has no id (expected a JSON object of token → id, with ids as non-negative integers)</source>
        <translation>das Token „{token}“ hat keine ID (erwartet wird ein JSON-Objekt Token → ID, mit nichtnegativen ganzen Zahlen als IDs)</translation>
    </message>
    <message>
        <source>the vocabulary has no token &apos;{token}&apos;, which this tokenizer needs</source>
        <translation>dem Vokabular fehlt das Token „{token}“, das dieser Tokenizer braucht</translation>
    </message>
    <message>
        <source>the ids must be 0 … {last}, each once: id {id} (&apos;{token}&apos;) is given twice</source>
        <translation>die IDs müssen 0 … {last} sein, jede einmal: ID {id} („{token}“) kommt zweimal vor</translation>
    </message>
    <message>
        <source>the model needs about {need} MB of memory to open, more than the {limit} MB available</source>
        <translation>das Modell braucht zum Öffnen etwa {need} MB Speicher, mehr als die verfügbaren {limit} MB</translation>
    </message>
    <message>
        <source>decoding this far needs about {need} MB of memory, more than the {limit} MB available: choose a narrower beam or fewer tokens</source>
        <translation>so weit zu dekodieren braucht etwa {need} MB Speicher, mehr als die verfügbaren {limit} MB: wählen Sie eine kleinere Beam-Breite oder weniger Tokens</translation>
    </message>
    <message>
        <source>tracing this input needs about {need} MB of memory, more than the {limit} MB available: choose a shorter input</source>
        <translation>diese Eingabe zu verfolgen braucht etwa {need} MB Speicher, mehr als die verfügbaren {limit} MB: wählen Sie eine kürzere Eingabe</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A transformer you can see through.</source>
        <translation>Ein Transformer zum Hineinsehen.</translation>
    </message>
    <message>
        <source>Use this language for this run: system, en or de.</source>
        <translation>Diese Sprache für diesen Start verwenden: system, en oder de.</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>Load the reverse task, build a small model and train it for this many steps (for lessons and screenshots).</source>
        <translation>Die Umkehr-Aufgabe laden, ein kleines Modell bauen und so viele Schritte trainieren (für Vorlesungen und Bildschirmfotos).</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Save a picture of the window to this PNG file and quit (after the demo training, if any).</source>
        <translation>Ein Bild des Fensters in diese PNG-Datei speichern und beenden (nach dem Demo-Training, falls angefordert).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>A model file to open (.safetensors).</source>
        <translation>Eine Modelldatei zum Öffnen (.safetensors).</translation>
    </message>
    <message>
        <source>Load this data file (TSV/CSV pairs, or text for a decoder-only model) instead of the reverse task.</source>
        <translation>Diese Datendatei laden (TSV/CSV-Paare oder Text für ein Nur-Decoder-Modell) statt der Umkehr-Aufgabe.</translation>
    </message>
    <message>
        <source>Start in presentation mode (full screen, the view only; Esc leaves).</source>
        <translation>Im Präsentationsmodus starten (Vollbild, nur die Ansicht; Esc beendet ihn).</translation>
    </message>
    <message>
        <source>Zoom for this run, in percent (50–300).</source>
        <translation>Zoom für diesen Lauf, in Prozent (50–300).</translation>
    </message>
    <message>
        <source>percent</source>
        <translation>Prozent</translation>
    </message>
    <message>
        <source>Theme for this run: light, dark or projector.</source>
        <translation>Farbschema für diesen Lauf: light, dark oder projector.</translation>
    </message>
    <message>
        <source>glassbox: --theme must be light, dark or projector, not “%1”.</source>
        <translation>glassbox: --theme muss light, dark oder projector sein, nicht „%1“.</translation>
    </message>
    <message>
        <source>glassbox: --zoom must be a percentage from 50 to 300, not “%1”.</source>
        <translation>glassbox: --zoom muss eine Prozentzahl von 50 bis 300 sein, nicht „%1“.</translation>
    </message>
    <message>
        <source>Export the current tab to this file — PNG, SVG or PDF by its extension — and quit (after the demo training, if any).</source>
        <translation>Den aktuellen Tab in diese Datei exportieren — PNG, SVG oder PDF nach der Endung — und beenden (nach dem Demo-Training, falls gewünscht).</translation>
    </message>
    <message>
        <source>Pixels per point for --export to PNG: 1 to 4 (default 1).</source>
        <translation>Pixel pro Punkt für --export als PNG: 1 bis 4 (Standard 1).</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>Faktor</translation>
    </message>
    <message>
        <source>glassbox: --scale must be 1, 2, 3 or 4, not “%1”.</source>
        <translation>glassbox: --scale muss 1, 2, 3 oder 4 sein, nicht „%1“.</translation>
    </message>
    <message>
        <source>Could not save the screenshot %1.</source>
        <translation>Das Bildschirmfoto %1 konnte nicht gespeichert werden.</translation>
    </message>
    <message>
        <source>List the built-in lessons (one name a line) and quit.</source>
        <translation>Die eingebauten Lektionen auflisten (ein Name pro Zeile) und beenden.</translation>
    </message>
    <message>
        <source>Open a lesson: a built-in one by name, or a lesson file. With --screenshot or --export: its key moment, then quit.</source>
        <translation>Eine Lektion öffnen: eine eingebaute nach Namen oder eine Lektionsdatei. Mit --screenshot oder --export: ihr Schlüsselmoment, dann beenden.</translation>
    </message>
    <message>
        <source>name or file</source>
        <translation>Name oder Datei</translation>
    </message>
    <message>
        <source>There is no tab “%1”; the tabs are: %2.</source>
        <translation>Es gibt keinen Tab „%1“; die Tabs sind: %2.</translation>
    </message>
    <message>
        <source>There is no view “%1”.</source>
        <translation>Es gibt keine Ansicht „%1“.</translation>
    </message>
    <message>
        <source>family</source>
        <translation>Familie</translation>
    </message>
    <message>
        <source>The model family for --demo and --data: %1.</source>
        <translation>Die Modellfamilie für --demo und --data: %1.</translation>
    </message>
    <message>
        <source>Show this tab first: %1; a view of a tab after a dot (decoding.timeline, decoding.beam, decoding.kv, masks.maskEditor, attention.attentionOpened).</source>
        <translation>Diesen Reiter zuerst zeigen: %1; eine Ansicht eines Reiters nach einem Punkt (decoding.timeline, decoding.beam, decoding.kv, masks.maskEditor, attention.attentionOpened).</translation>
    </message>
    <message>
        <source>A model of the family “%1” has no tab “%2”.</source>
        <translation>Ein Modell der Familie „%1“ hat keinen Tab „%2“.</translation>
    </message>
</context>
</TS>
